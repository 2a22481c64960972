/**
 * Where the browser tests' server writes its JSON log lines (one file per server port), so a test
 * can find the line of a request by the id the page showed.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const serverLogPath = (port: number) => join(tmpdir(), `kopa-e2e-server-${port}.log`);
