// The `kopa-lint` command (cli.ts); the packed build adds the shebang.
import { runLint } from './cli';

process.exitCode = runLint(process.argv.slice(2), process.cwd(), (line) => console.log(line));
