import { createSampleClient } from './app.js';
import { createOidcSampleClient } from './oidc-app.js';
import { SampleClientConfigError, callbackUrl, configFromEnv } from './config.js';

/** `pnpm --filter @portico/sample-client start`: the sample client on PORT, configured by env. */
function main(): void {
  let settings;
  try {
    settings = configFromEnv();
  } catch (error) {
    if (!(error instanceof SampleClientConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { config, port } = settings;
  const server =
    config.mode === 'oidc' ? createOidcSampleClient(config) : createSampleClient(config);
  server.listen(port, () => {
    console.log(`Sample client on ${config.publicUrl} (listening on port ${port})`);
    console.log(
      config.mode === 'oidc'
        ? `Register ${callbackUrl(config)} as an OIDC redirect URI, and ${config.publicUrl}/backchannel-logout as the back-channel logout URI.`
        : `Register ${callbackUrl(config)} as the client's redirect in Portico.`,
    );
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main();
