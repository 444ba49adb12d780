import { eq } from 'drizzle-orm';
import { appMeta } from '../../db/schema';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

const expectedKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe(`GET /api/health on ${expectedKind}`, () => {
  const database = useTestDatabase();

  it(`answers ok and names the database (${expectedKind})`, async () => {
    const app = await buildTestApp({ database: database() });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: expectedKind });
    await app.close();
  });

  it('runs on a migrated schema', async () => {
    const { db } = database();
    await db.insert(appMeta).values({ key: 'installed', value: 'yes' });
    const rows = await db.select().from(appMeta).where(eq(appMeta.key, 'installed'));
    expect(rows).toEqual([expect.objectContaining({ key: 'installed', value: 'yes' })]);
  });
});
