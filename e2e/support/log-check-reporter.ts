/*
 * Runs the log check (log-check.ts) once every test has run and the servers
 * have stopped, so their logs are complete, and fails the run on a leak or
 * on a log too short to be the whole log. A reporter rather than a global
 * teardown, because it knows how many tests passed against each server.
 */
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { checkServerLogs, formatReport } from './log-check.ts';
import { maildropFor } from './maildrop.ts';
import { e2eServers } from './servers.ts';
import { serverLogFor } from './server-logs.ts';

export default class LogCheckReporter implements Reporter {
  private readonly passed = new Map<string, number>();

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed') return;
    const project = test.parent.project()?.name ?? '';
    this.passed.set(project, (this.passed.get(project) ?? 0) + 1);
  }

  async onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    const servers = e2eServers.map((server) => ({
      name: server.name,
      logFile: serverLogFor(server.name),
      maildrop: maildropFor(Number(new URL(server.baseUrl).port)),
      testsPassed: this.passed.get(server.name) ?? 0,
    }));
    // Nothing ran against a server (a listing, or only the check's own tests).
    if (servers.every((server) => server.testsPassed === 0)) return undefined;

    const report = await checkServerLogs(servers);
    console.info(`\n${formatReport(report)}`);
    if (report.leaks.length > 0 || report.problems.length > 0) {
      console.error(
        `Log check failed: ${report.leaks.length} leaks, ${report.problems.length} problems (logs in ${path.dirname(servers[0]?.logFile ?? '')})`,
      );
      return { status: 'failed' };
    }
    return undefined;
  }
}
