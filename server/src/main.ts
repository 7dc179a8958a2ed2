// The service's entry: `node server/dist/main.js` in production, tsx in development.
import { startWebPay } from './start.ts';

process.on('unhandledRejection', (reason) => {
  console.error('Unhandled promise rejection', reason);
  process.exit(1);
});

await startWebPay();
