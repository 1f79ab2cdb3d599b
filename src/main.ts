#!/usr/bin/env node
/** The CLI entry: arguments, configuration, demo mode, transport. */
import { ConfigError, loadConfig } from './config.js';
import { createDeps } from './deps.js';
import { DEMO_TODAY, startStandIn } from './demo/index.js';
import { createLog } from './log.js';
import { serverFactory } from './server.js';
import { runHttp } from './transports/http.js';
import { runStdio } from './transports/stdio.js';
import { checkForUpdate } from './update-check.js';
import { VERSION } from './version.js';

const USAGE =
  'usage: avenir-mcp [--version | --demo] (configuration comes from environment variables; see the README)';
const DEMO_TOKEN = 'demo-token';

async function main(argv: string[]): Promise<void> {
  if (argv.length === 1 && argv[0] === '--version') {
    process.stdout.write(`avenir-mcp ${VERSION}\n`);
    return;
  }
  const demo = argv.length === 1 && argv[0] === '--demo';
  if (argv.length > 0 && !demo) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(1);
  }
  let config = loadConfig();
  const log = createLog(config.logLevel, config.logFormat);
  const notice = await checkForUpdate({
    enabled: config.updateCheck,
    cacheDir: config.cacheDir,
    current: VERSION,
    now: new Date(),
    log,
  });
  if (demo) {
    const standIn = await startStandIn({ today: config.today ?? DEMO_TODAY });
    config = loadConfig(undefined, { url: standIn.url, token: DEMO_TOKEN });
    log.info('main', `Demo mode: the YNAB stand-in serves the demo plan at ${standIn.url}`);
  }
  const deps = createDeps(config, log);
  const factory = serverFactory(deps, { notice });
  const onerror = (error: Error): void => log.error('transport', error.message, error);
  if (config.transport === 'http') {
    log.info('main', `Starting avenir-mcp on ${config.host}:${config.port}`);
    await runHttp(factory, {
      host: config.host,
      port: config.port,
      token: config.httpToken,
      printNotice: (text) => void process.stderr.write(text),
      onerror,
    });
  } else {
    runStdio(factory, onerror);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `avenir-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
