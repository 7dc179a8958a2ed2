import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { facilities, guarantors } from '../../db/schema.ts';

export type FacilityRow = typeof facilities.$inferSelect;

export class ConfigRepository {
  constructor(private readonly db: Database) {}

  listFacilities(): Promise<FacilityRow[]> {
    return this.db.select().from(facilities).orderBy(asc(facilities.sortOrder), asc(facilities.id));
  }

  async guarantorSupportPhone(guarantorId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ supportPhone: guarantors.supportPhone })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return row?.supportPhone ?? null;
  }
}
