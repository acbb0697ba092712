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
    source: 'microsoft-graph-docs issue 8063 (shared/reference-notes.md)',
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
];

describe('the default refusal bodies of common stacks: the code, the message and the fields named', () => {
  test('the table covers at least 12 stacks', () => {
    expect(new Set(ROWS.map((r) => r.stack.split(' ')[0])).size).toBeGreaterThanOrEqual(12);
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
