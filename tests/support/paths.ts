import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEST_TMP = path.join(ROOT, '.tmp', 'test');
/** Demo pictures are generated once and shared by every test run (generation skips existing files). */
export const testUploadsDir = path.join(ROOT, '.tmp', 'demo-uploads');
