import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs suite files in name order (01-, 02-, ...): later suites use what the presence matrix
 * found earlier in the same worker. Sharding still splits by vitest's own rule.
 */
export class NameOrderSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}
