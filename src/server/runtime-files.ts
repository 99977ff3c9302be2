// Where the server finds the files it reads while it runs. From source (tsx, the tests) they are where
// they live in the repository; the compiled server (npm run build → dist/node, decision 047) is bundled
// into one folder and carries copies of them, so dist/ is all a deployment needs besides node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
/** This module is src/server/runtime-files.ts, or bundled into dist/node/*.js. */
const compiled = !here.endsWith('.ts');
/** Both src/server and dist/node are two folders below the package's root. */
const root = path.resolve(path.dirname(here), '../..');

export const runtimeFiles = {
  /** The web app built by Vite: dist/client (assets and manifest) and dist/server (the render bundle). */
  web: path.join(root, 'dist'),
  /** The committed SQL migrations (drizzle-kit), applied at boot. */
  migrations: compiled ? path.join(root, 'dist/node/migrations') : path.join(root, 'src/server/db/migrations'),
  /** The built-in home pictures (scripts/make-home-pictures.ts), served until the owner uploads their own. */
  homePictures: compiled ? path.join(root, 'dist/node/home-pictures') : path.join(root, 'src/web/assets/home'),
  /** The package's own package.json (the API document's version, issue 29). */
  packageJson: path.join(root, 'package.json'),
};

/** What the build copies next to the compiled server (scripts/build-server.ts), from the paths above. */
export const COPIED_WITH_SERVER = [
  { from: 'src/server/db/migrations', to: 'dist/node/migrations' },
  { from: 'src/web/assets/home', to: 'dist/node/home-pictures' },
] as const;
