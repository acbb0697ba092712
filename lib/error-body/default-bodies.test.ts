/**
 * The default refusal bodies of the stacks a target is most likely written with, each as its framework's own
 * documentation, tests or source show it for the version named, and what the one reader must find in it: the
 * code, the message, and the operation's fields it names (by structure or in its text). Field names are the
 * drive operation's; the bodies are the frameworks' wording around them.
 */
import { describe, expect, test } from 'vitest';
import { fieldsNamed } from './field-names.js';
import { readErrorBody } from './read-error-body.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];

interface Row {
  stack: string;
  /** Where the body is shown. */
  source: string;
  contentType: string;
  body: unknown;
  code: string | undefined;
  message: string | undefined;
  fields: string[];
}

const ROWS: Row[] = [
  {
    stack: 'Fastify 5.8 (route JSON Schema, default error handler)',
    source: 'fastify test/validation-error-handling.test.js, "should fail immediately with invalid payload"',
    contentType: 'application/json; charset=utf-8',
    body: { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message: "body must have required property 'resource'" },
    code: 'FST_ERR_VALIDATION',
    message: "body must have required property 'resource'",
    fields: ['resource'],
  },
  {
    stack: 'NestJS 11 ValidationPipe with class-validator 0.14 (whitelist, forbidNonWhitelisted)',
    source: 'docs.nestjs.com/techniques/validation; nest packages/common/pipes/validation.pipe.ts (flattened constraint messages)',
    contentType: 'application/json; charset=utf-8',
    body: {
      message: ['clientState must be shorter than or equal to 128 characters', 'property resource should not exist'],
      error: 'Bad Request',
      statusCode: 400,
    },
    code: 'Bad Request',
    message: 'clientState must be shorter than or equal to 128 characters; property resource should not exist',
    fields: ['resource', 'clientState'],
  },
  {
    stack: 'express-validator 7 (validationResult(req).array())',
    source: 'express-validator.github.io/docs/guides/getting-started ("errors": [{type, value, msg, path, location}])',
    contentType: 'application/json; charset=utf-8',
    body: { errors: [{ type: 'field', value: '', msg: 'Invalid value', path: 'notificationUrl', location: 'body' }] },
    code: undefined,
    message: "'notificationUrl': Invalid value",
    fields: ['notificationUrl'],
  },
  {
    stack: 'Prism 5.15 mock (no 4xx in the document: its own 422)',
    source: 'stoplightio/prism test-harness/specs/validate-body-params/json-invalid-request-2.oas3.txt',
    contentType: 'application/problem+json',
    body: {
      type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
      title: 'Invalid request',
      status: 422,
      detail: 'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
      validation: [
        {
          location: ['body'],
          severity: 'Error',
          code: 'required',
          message: "Request body must have required property 'expirationDateTime'",
        },
        {
          location: ['body', 'clientState'],
          severity: 'Error',
          code: 'maxLength',
          message: 'Request body property clientState must NOT have more than 128 characters',
        },
      ],
    },
    code: 'Invalid request',
    message:
      'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.; ' +
      "Request body must have required property 'expirationDateTime'; 'clientState': Request body property clientState must NOT have more than 128 characters",
    fields: ['expirationDateTime', 'clientState'],
  },
  {
    stack: 'FastAPI 0.115 with pydantic 2 (RequestValidationError)',
    source: 'fastapi.tiangolo.com/tutorial/handling-errors ("detail": [{type, loc, msg, input}])',
    contentType: 'application/json',
    body: {
      detail: [{ type: 'missing', loc: ['body', 'resource'], msg: 'Field required', input: { notificationUrl: 'https://x.example/n' } }],
    },
    code: undefined,
    message: "'resource': Field required",
    fields: ['resource'],
  },
  {
    stack: 'ASP.NET Core 8 [ApiController] automatic 400 (ValidationProblemDetails)',
    source: 'learn.microsoft.com/aspnet/core/web-api ("Automatic HTTP 400 responses")',
    contentType: 'application/problem+json; charset=utf-8',
    body: {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { Resource: ['The Resource field is required.'] },
      traceId: '00-0aa7d64ad154a1e1853c413a0def982d-195d3558c90f7876-00',
    },
    code: 'One or more validation errors occurred.',
    message: "'Resource': The Resource field is required.",
    fields: ['resource'],
  },
  {
    stack: 'Spring Boot 3 default error attributes (server.error.include-message=always)',
    source: 'docs.spring.io/spring-boot reference, "Error Handling"; DefaultErrorAttributes (binding result message)',
    contentType: 'application/json',
    body: {
      timestamp: '2024-05-13T10:54:27.314+00:00',
      status: 400,
      error: 'Bad Request',
      message: "Validation failed for object='subscriptionRequest'. Error count: 1",
      path: '/subscriptions',
    },
    code: 'Bad Request',
    message: "Validation failed for object='subscriptionRequest'. Error count: 1",
    fields: [],
  },
  {
    stack: 'Spring Boot 3 default error attributes with server.error.include-binding-errors=always',
    source: 'docs.spring.io/spring-boot reference, "Error Handling" (the errors list of FieldErrors)',
    contentType: 'application/json',
    body: {
      timestamp: '2024-05-13T10:54:27.314+00:00',
      status: 400,
      error: 'Bad Request',
      message: "Validation failed for object='subscriptionRequest'. Error count: 1",
      errors: [
        {
          codes: ['NotNull.subscriptionRequest.notificationUrl', 'NotNull'],
          defaultMessage: 'must not be null',
          objectName: 'subscriptionRequest',
          field: 'notificationUrl',
          rejectedValue: null,
          bindingFailure: false,
          code: 'NotNull',
        },
      ],
      path: '/subscriptions',
    },
    code: 'Bad Request',
    message: "Validation failed for object='subscriptionRequest'. Error count: 1; 'notificationUrl': must not be null",
    fields: ['notificationUrl'],
  },
  {
    stack: 'Rails 7.1 API scaffold (render json: @subscription.errors, status: :unprocessable_entity)',
    source: 'guides.rubyonrails.org/active_record_validations.html (errors as JSON, "can\'t be blank")',
    contentType: 'application/json; charset=utf-8',
    body: { notificationUrl: ["can't be blank"], expirationDateTime: ["can't be blank"] },
    code: undefined,
    message: "'notificationUrl': can't be blank; 'expirationDateTime': can't be blank",
    fields: ['notificationUrl', 'expirationDateTime'],
  },
  {
    stack: 'Django REST framework 3.15 (serializer.errors, ValidationError 400)',
    source: 'django-rest-framework.org/api-guide/serializers ("Validation", field-keyed errors)',
    contentType: 'application/json',
    body: { notificationUrl: ['Enter a valid URL.'], clientState: ['Ensure this field has no more than 128 characters.'] },
    code: undefined,
    message: "'notificationUrl': Enter a valid URL.; 'clientState': Ensure this field has no more than 128 characters.",
    fields: ['notificationUrl', 'clientState'],
  },
  {
    stack: 'Laravel 11 FormRequest (422 ValidationException)',
    source: 'laravel.com/docs/11.x/validation ("Validation Error Response Format")',
    contentType: 'application/json',
    body: {
      message: 'The resource field is required. (and 1 more error)',
      errors: { resource: ['The resource field is required.'], expirationDateTime: ['The expiration date time field is required.'] },
    },
    code: undefined,
    message:
      "The resource field is required. (and 1 more error); 'resource': The resource field is required.; 'expirationDateTime': The expiration date time field is required.",
    fields: ['resource', 'expirationDateTime'],
  },
  {
    stack: 'zod 3 through @hono/zod-validator 0.4 (default hook: the safeParse result, 400)',
    source: 'github.com/honojs/middleware packages/zod-validator README; zod.dev "Error handling" (ZodError.issues)',
    contentType: 'application/json',
    body: {
      success: false,
      error: {
        issues: [{ code: 'invalid_type', expected: 'string', received: 'undefined', path: ['notificationUrl'], message: 'Required' }],
        name: 'ZodError',
      },
    },
    code: undefined,
    message: "'notificationUrl': Required",
    fields: ['notificationUrl'],
  },
  {
    stack: 'ajv 8 (validate.errors sent as the body)',
    source: 'ajv.js.org/api.html#validation-errors (instancePath, schemaPath, keyword, params, message)',
    contentType: 'application/json',
    body: [
      {
        instancePath: '',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'expirationDateTime' },
        message: "must have required property 'expirationDateTime'",
      },
      {
        instancePath: '',
        schemaPath: '#/additionalProperties',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'changeType' },
        message: 'must NOT have additional properties',
      },
    ],
    code: undefined,
    message: "'expirationDateTime': must have required property 'expirationDateTime'; 'changeType': must NOT have additional properties",
    fields: ['changeType', 'expirationDateTime'],
  },
  {
    stack: 'connexion 3 (jsonschema validation, problem+json)',
    source: 'spec-first/connexion connexion/problem.py and tests/api/test_schema.py',
    contentType: 'application/problem+json',
    body: {
      type: 'about:blank',
      title: 'Bad Request',
      detail: "Additional properties are not allowed ('changeType' was unexpected)",
      status: 400,
    },
    code: 'Bad Request',
    message: "Additional properties are not allowed ('changeType' was unexpected)",
    fields: ['changeType'],
  },
  {
    stack: 'Go 1.22 net/http (http.Error)',
    source: 'pkg.go.dev/net/http#Error (text/plain; charset=utf-8, the message and a newline)',
    contentType: 'text/plain; charset=utf-8',
    body: 'resource is required when changeType is given\n',
    code: undefined,
    message: 'resource is required when changeType is given',
    fields: ['changeType', 'resource'],
  },
  {
    stack: 'Microsoft Graph v1.0 (error with innerError)',
    source: 'learn.microsoft.com/graph/errors ("Error resource type")',
    contentType: 'application/json',
    body: {
      error: {
        code: 'InvalidRequest',
        message: 'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.',
        innerError: {
          date: '2024-05-13T10:54:27',
          'request-id': 'b7a6c1d2-0000-4000-8000-000000000001',
          'client-request-id': 'b7a6c1d2-0000-4000-8000-000000000001',
        },
      },
    },
    code: 'InvalidRequest',
    message: 'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.',
    fields: [],
  },
  {
    stack: 'the v2.0 drive API, as users report it (spec §7 shape)',
    source: 'github.com/microsoftgraph/microsoft-graph-docs/issues/8063 (shared/reference-notes.md)',
    contentType: 'application/json',
    body: {
      error: {
        code: 'invalidRequest',
        message:
          "The property 'Resource' does not exist on type 'oneDrive.subscription'. Make sure to only use property names that are defined by the type.",
      },
    },
    code: 'invalidRequest',
    message:
      "The property 'Resource' does not exist on type 'oneDrive.subscription'. Make sure to only use property names that are defined by the type.",
    fields: ['resource'],
  },
  {
    stack: 'nginx 1.24 default 400 page',
    source: 'nginx src/http/ngx_http_special_response.c (ngx_http_error_400_page)',
    contentType: 'text/html',
    body: '<html>\r\n<head><title>400 Bad Request</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
    code: undefined,
    message: '400 Bad Request nginx',
    fields: [],
  },
  {
    stack: 'gin 1.10 with go-playground/validator 10 (ShouldBindJSON, the error string as the handler writes it)',
    source: 'gin-gonic.com/docs/examples/binding-and-validation (c.JSON(400, gin.H{"error": err.Error()}))',
    contentType: 'application/json; charset=utf-8',
    body: { error: "Key: 'SubscriptionRequest.Resource' Error:Field validation for 'Resource' failed on the 'required' tag" },
    code: undefined,
    message: "Key: 'SubscriptionRequest.Resource' Error:Field validation for 'Resource' failed on the 'required' tag",
    fields: ['resource'],
  },
  {
    stack: 'echo 4 with a registered validator (HTTPError from c.Validate)',
    source: 'echo.labstack.com/docs/request#validate-data (echo.NewHTTPError(400, err.Error()) -> {"message": ...})',
    contentType: 'application/json; charset=utf-8',
    body: { message: "Key: 'SubscriptionRequest.NotificationUrl' Error:Field validation for 'NotificationUrl' failed on the 'url' tag" },
    code: undefined,
    message: "Key: 'SubscriptionRequest.NotificationUrl' Error:Field validation for 'NotificationUrl' failed on the 'url' tag",
    fields: ['notificationUrl'],
  },
  {
    stack: 'Quarkus 3 REST with Hibernate Validator (a constraint violation on a method parameter)',
    source: 'quarkus.io/guides/validation; github.com/quarkusio/quarkus/issues/29047 (violations[].field "add.arg0.somepath")',
    contentType: 'application/json',
    body: {
      title: 'Constraint Violation',
      status: 400,
      violations: [{ field: 'create.request.resource', message: 'must not be blank' }],
    },
    code: 'Constraint Violation',
    message: "'create.request.resource': must not be blank",
    fields: ['resource'],
  },
  {
    stack: 'Micronaut 4 (the default error response: HAL with _embedded.errors)',
    source: 'docs.micronaut.io "Error Formatting" (JsonError, _embedded.errors); nedelva/micronaut-validation README',
    contentType: 'application/json',
    body: {
      message: 'Bad Request',
      _links: { self: { href: '/subscriptions', templated: false } },
      _embedded: { errors: [{ message: 'request.clientState: size must be between 0 and 128' }] },
    },
    code: undefined,
    message: 'Bad Request; request.clientState: size must be between 0 and 128',
    fields: ['clientState'],
  },
  {
    stack: 'ProblemDetail of Spring Framework 6 (spring.mvc.problemdetails.enabled, MethodArgumentNotValidException)',
    source: 'docs.spring.io/spring-framework/reference/web/webmvc/mvc-ann-rest-exceptions.html',
    contentType: 'application/problem+json',
    body: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Invalid request content.', instance: '/subscriptions' },
    code: 'Bad Request',
    message: 'Invalid request content.',
    fields: [],
  },
  {
    stack: 'Phoenix 1.7 JSON generator (FallbackController, ChangesetJSON with Ecto errors)',
    source: 'hexdocs.pm/phoenix/json_and_apis.html (render(:error, changeset: ...) -> {"errors": {field: [msg]}})',
    contentType: 'application/json; charset=utf-8',
    body: { errors: { resource: ["can't be blank"], expirationDateTime: ['is invalid'] } },
    code: undefined,
    message: "'resource': can't be blank; 'expirationDateTime': is invalid",
    fields: ['resource', 'expirationDateTime'],
  },
  {
    stack: 'Ktor 3 RequestValidation with StatusPages (the reasons joined, as its documentation answers them)',
    source: 'ktor.io/docs/server-request-validation.html (call.respond(BadRequest, cause.reasons.joinToString()))',
    contentType: 'text/plain; charset=UTF-8',
    body: 'clientState should not be longer than 128 characters',
    code: undefined,
    message: 'clientState should not be longer than 128 characters',
    fields: ['clientState'],
  },
  {
    stack: "Symfony 7 #[MapRequestPayload] (422, the serializer's problem normalizer)",
    source: 'symfony.com/doc/current/controller.html#mapping-request-payload; ConstraintViolationListNormalizer',
    contentType: 'application/problem+json',
    body: {
      type: 'https://symfony.com/errors/validation',
      title: 'Validation Failed',
      status: 422,
      detail: 'resource: This value should not be blank.',
      violations: [
        {
          propertyPath: 'resource',
          title: 'This value should not be blank.',
          template: 'This value should not be blank.',
          parameters: { '{{ value }}': 'null' },
          type: 'urn:uuid:c1051bb4-d103-4f74-8988-acbcafc7fdc3',
        },
      ],
    },
    code: 'Validation Failed',
    message: "resource: This value should not be blank.; 'resource': This value should not be blank.",
    fields: ['resource'],
  },
  {
    stack: 'API Gateway (AWS REST API request validator, the default BAD_REQUEST_BODY gateway response)',
    source: 'docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-method-request-validation.html',
    contentType: 'application/json',
    body: { message: 'Invalid request body' },
    code: undefined,
    message: 'Invalid request body',
    fields: [],
  },
  {
    stack: 'axum 0.8 Json extractor (a JsonDataError rejection, plain text)',
    source: 'docs.rs/axum/latest/axum/extract/rejection/struct.JsonDataError.html (422, the serde message)',
    contentType: 'text/plain; charset=utf-8',
    body: 'Failed to deserialize the JSON body into the target type: missing field `resource` at line 1 column 74',
    code: undefined,
    message: 'Failed to deserialize the JSON body into the target type: missing field `resource` at line 1 column 74',
    fields: ['resource'],
  },
  {
    stack: 'validator 0.20 (Rust) ValidationErrors serialised by serde, as axum-valid answers them',
    source: 'docs.rs/validator (ValidationErrors: field -> [{code, message, params}]); docs.rs/axum-valid',
    contentType: 'application/json',
    body: { clientState: [{ code: 'length', message: null, params: { max: 128, value: 'x' } }] },
    code: undefined,
    message: "'clientState': length",
    fields: ['clientState'],
  },
  {
    stack: 'Minimal APIs of ASP.NET Core 10 (AddValidation, the ValidationProblem it writes)',
    source: 'learn.microsoft.com/aspnet/core/fundamentals/minimal-apis#validation-support-in-minimal-apis',
    contentType: 'application/problem+json',
    body: {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { ChangeType: ['The ChangeType field is required.'], Resource: ['The Resource field is required.'] },
    },
    code: 'One or more validation errors occurred.',
    message: "'ChangeType': The ChangeType field is required.; 'Resource': The Resource field is required.",
    fields: ['changeType', 'resource'],
  },
  {
    stack: 'hapi 21 with joi 17 (failAction returning the validation error)',
    source: 'hapi.dev/tutorials/validation; github.com/hapijs/hapi/issues/4229 ({"validation": {"source", "keys"}})',
    contentType: 'application/json; charset=utf-8',
    body: {
      statusCode: 400,
      error: 'Bad Request',
      message: '"resource" is required',
      validation: { source: 'payload', keys: ['resource'] },
    },
    code: 'Bad Request',
    message: '"resource" is required',
    fields: ['resource'],
  },
  {
    stack: 'celebrate 15 (express with joi, its errors() middleware)',
    source: 'github.com/arb/celebrate README ("errors([opts])": validation keyed by segment)',
    contentType: 'application/json; charset=utf-8',
    body: {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      validation: { body: { source: 'body', keys: ['notificationUrl'], message: '"notificationUrl" must be a valid uri' } },
    },
    code: 'Bad Request',
    message: 'Validation failed; "notificationUrl" must be a valid uri',
    fields: ['notificationUrl'],
  },
  {
    stack: 'Grape 2 (Ruby, error! with a validation message)',
    source: 'github.com/ruby-grape/grape README "Validation of Nested Parameters" (error!({ error: ... }) -> {"error": "... is missing"})',
    contentType: 'application/json',
    body: { error: 'resource is missing, changeType is missing' },
    code: undefined,
    message: 'resource is missing, changeType is missing',
    fields: ['changeType', 'resource'],
  },
  {
    stack: 'Litestar 2 (ValidationException, the default exception handler)',
    source: 'docs.litestar.dev/2/usage/exceptions.html ("extra": [{"message", "key", "source"}])',
    contentType: 'application/json',
    body: {
      status_code: 400,
      detail: 'Validation failed for POST /subscriptions',
      extra: [{ message: 'Field required', key: 'expirationDateTime', source: 'body' }],
    },
    code: undefined,
    message: "Validation failed for POST /subscriptions; 'expirationDateTime': Field required",
    fields: ['expirationDateTime'],
  },
  {
    stack: 'webargs 8 with flask-smorest (422, errors keyed by location)',
    source: 'flask-smorest.readthedocs.io "Error Handling" ({"code", "status", "errors": {"json": {...}}})',
    contentType: 'application/json',
    body: { code: 422, errors: { json: { resource: ['Missing data for required field.'] } }, status: 'Unprocessable Entity' },
    code: undefined,
    message: "'resource': Missing data for required field.",
    fields: ['resource'],
  },
  {
    stack: 'Kubernetes-style Status (an aggregated API server, 422 Invalid)',
    source: 'kubernetes.io/docs/reference/using-api/api-concepts ("Status" kind, details.causes[].field)',
    contentType: 'application/json',
    body: {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      message: 'Subscription.drive "s1" is invalid: spec.resource: Required value',
      reason: 'Invalid',
      details: {
        name: 's1',
        kind: 'Subscription',
        causes: [{ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.resource' }],
      },
      code: 422,
    },
    code: undefined,
    message: 'Subscription.drive "s1" is invalid: spec.resource: Required value; \'spec.resource\': Required value',
    fields: ['resource'],
  },
  {
    stack: 'Google APIs error model (AIP-193, google.rpc.BadRequest with fieldViolations)',
    source: 'google.aip.dev/193; cloud.google.com/apis/design/errors (error.details[].fieldViolations)',
    contentType: 'application/json; charset=UTF-8',
    body: {
      error: {
        code: 400,
        message: "Invalid value at 'subscription.expiration_date_time'",
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [{ field: 'subscription.expirationDateTime', description: 'Invalid timestamp' }],
          },
        ],
      },
    },
    code: 'INVALID_ARGUMENT',
    message: "Invalid value at 'subscription.expiration_date_time'; 'subscription.expirationDateTime': Invalid timestamp",
    fields: ['expirationDateTime'],
  },
  {
    stack: 'Stripe-style API errors (error.param)',
    source: 'docs.stripe.com/api/errors (error: {type, code, message, param})',
    contentType: 'application/json',
    body: {
      error: { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: resource.', param: 'resource' },
    },
    code: 'parameter_missing',
    message: 'Missing required param: resource.',
    fields: ['resource'],
  },
  {
    stack: 'PostgREST 12 (a NOT NULL constraint of the table behind the endpoint)',
    source: 'docs.postgrest.org/en/stable/references/errors.html ({"code", "details", "hint", "message"})',
    contentType: 'application/json; charset=utf-8',
    body: {
      code: '23502',
      details: 'Failing row contains (1, null, https://x.example/n).',
      hint: null,
      message: 'null value in column "resource" of relation "subscriptions" violates not-null constraint',
    },
    code: '23502',
    message:
      'Failing row contains (1, null, https://x.example/n).; null value in column "resource" of relation "subscriptions" violates not-null constraint',
    fields: ['resource'],
  },
  {
    stack: 'Strapi 5 (ValidationError with details.errors)',
    source:
      'docs.strapi.io/cms/error-handling ({"data": null, "error": {status, name, message, details: {errors: [{path, message, name}]}}})',
    contentType: 'application/json',
    body: {
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'resource must be defined.',
        details: { errors: [{ path: ['resource'], message: 'resource must be defined.', name: 'ValidationError' }] },
      },
    },
    code: undefined,
    message: "resource must be defined.; 'resource': resource must be defined.",
    fields: ['resource'],
  },
  {
    stack: 'huma 2 (Go, RFC 9457 problem with errors[].location)',
    source: 'huma.rocks/features/response-errors (ErrorModel: title, status, detail, errors[{message, location, value}])',
    contentType: 'application/problem+json',
    body: {
      $schema: 'https://api.example.com/schemas/ErrorModel.json',
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'validation failed',
      errors: [{ message: 'expected required property resource to be present', location: 'body', value: { changeType: 'updated' } }],
    },
    code: 'Unprocessable Entity',
    message: 'validation failed; expected required property resource to be present',
    fields: ['resource'],
  },
  {
    stack: "express-openapi-validator 5 (its error handler's JSON)",
    source: 'cdimascio/express-openapi-validator README ("message", "errors": [{path, message, errorCode}])',
    contentType: 'application/json; charset=utf-8',
    body: {
      message: "request/body must have required property 'notificationUrl'",
      errors: [
        {
          path: '/body/notificationUrl',
          message: "must have required property 'notificationUrl'",
          errorCode: 'required.openapi.validation',
        },
      ],
    },
    code: undefined,
    message: "request/body must have required property 'notificationUrl'; 'notificationUrl': must have required property 'notificationUrl'",
    fields: ['notificationUrl'],
  },
  {
    stack: 'oapi-codegen with kin-openapi OapiRequestValidator (plain text)',
    source: 'github.com/oapi-codegen/nethttp-middleware (http.Error with the openapi3filter error)',
    contentType: 'text/plain; charset=utf-8',
    body: 'request body has an error: doesn\'t match schema #/components/schemas/Subscription: Error at "/resource": property "resource" is missing\n',
    code: undefined,
    message:
      'request body has an error: doesn\'t match schema #/components/schemas/Subscription: Error at "/resource": property "resource" is missing',
    fields: ['resource'],
  },
  {
    stack: 'Flask-RESTX 1 (@api.expect(model, validate=True))',
    source: 'flask-restx.readthedocs.io/en/latest/swagger.html#input-and-output-models (errors map, "Input payload validation failed")',
    contentType: 'application/json',
    body: { errors: { resource: "'resource' is a required property" }, message: 'Input payload validation failed' },
    code: undefined,
    message: "'resource': 'resource' is a required property; Input payload validation failed",
    fields: ['resource'],
  },
  {
    stack: 'SharePoint REST (OData verbose error, a webhook subscription refused)',
    source: 'learn.microsoft.com/sharepoint/dev/apis/webhooks/lists/create-subscription (odata=verbose error: message {lang, value})',
    contentType: 'application/json;odata=verbose;charset=utf-8',
    body: {
      error: {
        code: '-1, System.InvalidOperationException',
        message: { lang: 'en-US', value: "Failed to validate the notification URL 'https://x/y'." },
      },
    },
    code: '-1, System.InvalidOperationException',
    message: "Failed to validate the notification URL 'https://x/y'.",
    fields: ['notificationUrl'],
  },
  {
    stack: '@effect/platform HttpApi 0.9x (HttpApiDecodeError: issues beside a message that renders the schema)',
    source: 'effect packages/platform/src/HttpApiError.ts (HttpApiDecodeError: issues [{_tag, path, message}], message from TreeFormatter)',
    contentType: 'application/json',
    body: {
      _tag: 'HttpApiDecodeError',
      issues: [{ _tag: 'Missing', path: ['resource'], message: 'is missing' }],
      message:
        '{ readonly changeType: string; readonly notificationUrl: string; readonly resource: string; readonly expirationDateTime: string; readonly clientState?: string | undefined }\n└─ ["resource"]\n   └─ is missing',
    },
    code: undefined,
    message: "'resource': is missing",
    fields: ['resource'],
  },
  {
    stack: 'Hono 4 zValidator with zod 4 (the default hook answers the safeParse result)',
    source:
      'honojs/middleware packages/zod-validator (c.json(result, 400)); zod v4 core/errors.js (issues not enumerable, message = JSON of the issues)',
    contentType: 'application/json',
    body: {
      success: false,
      error: {
        name: 'ZodError',
        message:
          '[\n  {\n    "expected": "string",\n    "code": "invalid_type",\n    "path": [\n      "resource"\n    ],\n    "message": "Invalid input: expected string, received undefined"\n  }\n]',
      },
    },
    code: undefined,
    message: "'resource': Invalid input: expected string, received undefined",
    fields: ['resource'],
  },
  {
    stack: 'Effect Schema 3 (a ParseError sent as it is: tag, rendered message, issues of ArrayFormatter)',
    source: 'effect packages/effect/src/ParseResult.ts (ParseError, TreeFormatter, ArrayFormatter issues {_tag, path, message})',
    contentType: 'application/json',
    body: {
      _tag: 'ParseError',
      message:
        '{ readonly changeType: string; readonly notificationUrl: string; readonly resource: string; readonly expirationDateTime: string }\n└─ ["resource"]\n   └─ is missing',
      issues: [{ _tag: 'Missing', path: ['resource'], message: 'is missing' }],
    },
    code: undefined,
    message: "'resource': is missing",
    fields: ['resource'],
  },
  {
    stack: 'a gateway in front answering 415 (an ordinary use of the word resource)',
    source: 'the wording of a 415 page of common gateways (no property named)',
    contentType: 'application/json',
    body: { message: 'The requested resource does not accept this media type' },
    code: undefined,
    message: 'The requested resource does not accept this media type',
    fields: [],
  },
];

describe('the default refusal bodies of common stacks: the code, the message and the fields named', () => {
  test('the table covers at least 29 stacks', () => {
    expect(new Set(ROWS.map((r) => r.stack.split(' ')[0])).size).toBeGreaterThanOrEqual(29);
  });

  test.each(ROWS.map((row) => [row.stack, row] as const))('%s', (_stack, row) => {
    const raw = typeof row.body === 'string' ? row.body : JSON.stringify(row.body);
    const reading = readErrorBody(raw, row.contentType);
    expect({ code: reading.code, message: reading.message, fields: fieldsNamed(reading, FIELDS) }).toEqual({
      code: row.code,
      message: row.message,
      fields: row.fields,
    });
  });
});
