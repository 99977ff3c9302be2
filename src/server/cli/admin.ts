// npm run admin -- <email> <password>: creates that admin, or resets its password (ending its sessions).
// On the embedded database (PGlite) it refuses to run while the shop holds DATA_DIR.
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirBusy } from '../db/data-dir-lock.js';
import { rateLimiter } from '../http/rate-limit.js';
import { adminAuthService } from '../modules/admin-auth/admin-auth-service.js';
import { sessionService } from '../modules/session/session-service.js';
import { z } from 'zod';

const [email, password] = process.argv.slice(2);
const args = z
  .object({
    email: z.email('first argument must be an email'),
    password: z.string().min(10, 'password must be at least 10 characters'),
  })
  .safeParse({ email, password });
if (!args.success) {
  console.error(
    `usage: npm run admin -- <email> <password>\n${args.error.issues.map((i) => `  ${i.message}`).join('\n')}`,
  );
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir, holder: 'npm run admin' },
  );
  await database.migrate();
  const auth = adminAuthService(database.db, sessionService(database.db), rateLimiter(database.db));
  await auth.setPassword(args.data.email, args.data.password);
  await database.close();
  console.log(
    `Admin ${args.data.email} is ready (any session it had is signed out); sign in at ${config.publicUrl}/admin`,
  );
} catch (err) {
  if (err instanceof DataDirBusy) {
    // Two processes on one PGlite folder lose changes: the running shop would never see this one.
    console.error(
      `npm run admin cannot change the embedded database while ${err.holder.what} (pid ${err.holder.pid}) runs on ${err.dataDir}.\n` +
        'Stop the shop, run npm run admin again, then start the shop. (On PostgreSQL, DATABASE_URL, it works while the shop runs.)',
    );
    process.exit(1);
  }
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
