import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import { BillingFeedRepository } from './billing-feed.repository.ts';
import { planChanges, type ChangeSummary } from './feed-changes.ts';
import { parseFeed, type FeedProblem, type FeedProgress } from './feed-reader.ts';
import { buildSnapshot } from './feed-snapshot.ts';

/*
 * `webpay import`: a billing feed becomes the portal's view of what each
 * guarantor owes. Everything is checked before anything is written, and the
 * writes happen in one transaction, so a portal reader sees the old feed or
 * the new one, never half of each.
 */

export interface ImportOptions {
  /** Named in the report, the import log and the audit trail. */
  fileName: string;
  /** Check everything and count the changes, then roll back. */
  dryRun: boolean;
  /** Import a feed generated before the newest one already imported. */
  allowOlder: boolean;
  onProgress?: FeedProgress;
}

export interface ImportReport {
  /** When there is any, nothing was written. */
  problems: FeedProblem[];
  /** Records left alone, with why; they do not stop the import. */
  warnings: FeedProblem[];
  feedId: string;
  generatedAt: Date | undefined;
  records: number;
  summary: ChangeSummary | undefined;
  dryRun: boolean;
  /** The import log's id, when it was written. */
  importId: string | undefined;
}

/** Thrown inside the transaction to undo a dry run, or an import whose checks failed late. */
class RollBack extends Error {
  constructor(readonly report: ImportReport) {
    super('rolled back');
  }
}

const OPERATOR = { actorType: 'operator' } as const;

export class BillingFeedService {
  constructor(private readonly db: Database) {}

  async importFeed(
    text: string,
    options: ImportOptions,
    context: RequestContext,
  ): Promise<ImportReport> {
    const { fileName, dryRun, onProgress } = options;
    const { feed, problems: readProblems } = parseFeed(text, onProgress);
    const base: ImportReport = {
      problems: readProblems,
      warnings: [],
      feedId: feed.header?.record.feedId ?? '',
      generatedAt: feed.header ? new Date(feed.header.record.generatedAt) : undefined,
      records: feed.records,
      summary: undefined,
      dryRun,
      importId: undefined,
    };
    const facilityKinds = await new BillingFeedRepository(this.db).facilityKinds();
    const { snapshot, problems: feedProblems } = buildSnapshot(feed, facilityKinds);
    const early = [...readProblems, ...feedProblems].sort((a, b) => a.line - b.line);
    if (early.length > 0 || !snapshot) return this.refused(base, early, context, fileName);

    try {
      return await this.db.transaction(async (tx) => {
        const repository = new BillingFeedRepository(tx);
        await repository.lockImports();
        const problems: FeedProblem[] = [];
        const latest = await repository.latestImport();
        if (latest && snapshot.generatedAt < latest.generatedAt && !options.allowOlder) {
          problems.push({
            line: feed.header?.line ?? 1,
            message: `the feed was generated at ${snapshot.generatedAt.toISOString()}, before feed ${latest.feedId} (generated at ${latest.generatedAt.toISOString()}, imported ${latest.importedAt.toISOString()}); importing it would undo newer data (--allow-older imports it anyway)`,
          });
        }
        const plan = planChanges(snapshot, await repository.existingState());
        problems.push(...plan.problems);
        const report: ImportReport = {
          ...base,
          problems: problems.sort((a, b) => a.line - b.line),
          warnings: plan.warnings,
          summary: plan.summary,
        };
        if (report.problems.length > 0) throw new RollBack(report);

        await repository.write(plan.changes, (table, done, total) =>
          onProgress?.(`writing ${table}`, done, total),
        );
        const importId = randomUUID();
        await repository.recordImport({
          id: importId,
          feedId: snapshot.feedId,
          generatedAt: snapshot.generatedAt,
          fileName,
          fileSha256: createHash('sha256').update(text).digest('hex'),
          records: feed.records,
          summary: { ...plan.summary, warnings: plan.warnings.length },
        });
        await new AuditRepository(tx).record(context, {
          ...OPERATOR,
          action: 'billing_feed.imported',
          outcome: 'success',
          targetType: 'feed_import',
          targetId: importId,
          details: {
            fileName,
            feedId: snapshot.feedId,
            generatedAt: snapshot.generatedAt.toISOString(),
            records: feed.records,
            ...plan.summary,
            warnings: plan.warnings.length,
          },
        });
        const done = { ...report, importId: dryRun ? undefined : importId };
        if (dryRun) throw new RollBack(done);
        return done;
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
      if (error.report.problems.length === 0) return error.report;
      return this.refused(error.report, error.report.problems, context, fileName);
    }
  }

  /** A refused feed is audited with how many problems it had, outside the rolled-back work. */
  private async refused(
    report: ImportReport,
    problems: FeedProblem[],
    context: RequestContext,
    fileName: string,
  ): Promise<ImportReport> {
    await new AuditRepository(this.db).record(context, {
      ...OPERATOR,
      action: 'billing_feed.imported',
      outcome: 'failure',
      targetType: 'feed_file',
      targetId: fileName,
      details: {
        fileName,
        feedId: report.feedId || null,
        records: report.records,
        problems: problems.length,
        firstProblemLine: problems[0]?.line ?? null,
      },
    });
    return { ...report, problems };
  }
}
