import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES, loadConfig } from '@portico/api/dist/config.js';
import type { Manifest } from './render.js';
import { containersOf, renderKustomization } from './render.js';
import { validateManifest } from './validate.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const KUSTOMIZATION = path.resolve(here, '..', 'kubernetes');
const REPO = path.resolve(here, '..', '..');
const manifests = renderKustomization(KUSTOMIZATION);

/** The settings apps/api/src/config.ts never echoes: they belong in the Secret. */
const SECRET_SETTINGS = [
  'DATABASE_URL',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'REDIS_URL',
  'OIDC_KEY_SECRET',
];

function one(kind: string): Manifest {
  const found = manifests.filter((m) => m.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
}

type Probe = { httpGet?: { path: string; port: string | number } };
type PodSpec = {
  securityContext?: Record<string, unknown>;
  containers: (ReturnType<typeof containersOf>[number] & {
    ports?: { name?: string; containerPort: number }[];
    livenessProbe?: Probe;
    readinessProbe?: Probe;
    startupProbe?: Probe;
  })[];
};
const deployment = one('Deployment');
const deploymentSpec = deployment.spec as {
  replicas: number;
  selector: { matchLabels: Record<string, string> };
  template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
};
const api = deploymentSpec.template.spec.containers.find((c) => c.name === 'api')!;

describe('the Kubernetes manifests (deploy/kubernetes)', () => {
  it('are valid objects for the Kubernetes API schemas', () => {
    expect(manifests.map((m) => m.kind).sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'PodDisruptionBudget',
        'Secret',
        'Service',
        'ServiceAccount',
      ].sort(),
    );
    for (const manifest of manifests) validateManifest(manifest);
  });

  it('refuse a broken manifest', () => {
    const broken = structuredClone(deployment);
    (broken.spec as { replicas: unknown }).replicas = 'three';
    expect(() => validateManifest(broken)).toThrow(/replicas must be integer/);

    const noPort = structuredClone(deployment);
    const container = (noPort.spec as typeof deploymentSpec).template.spec.containers[0]!;
    container.readinessProbe = { httpGet: { path: '/v1/health/ready' } } as Probe;
    expect(() => validateManifest(noPort)).toThrow(/httpGet must have required property port/);

    const service = structuredClone(one('Service'));
    (service.spec as { ports: { port: unknown }[] }).ports[0]!.port = 'eighty';
    expect(() => validateManifest(service)).toThrow(/port must be integer/);

    expect(() => validateManifest({ ...deployment, kind: 'Deploymnet' })).toThrow(/no schema/);
  });

  it('render the same with kubectl kustomize, where kubectl is installed', (context) => {
    const kubectl = spawnSync('kubectl', ['kustomize', KUSTOMIZATION], { encoding: 'utf8' });
    if (kubectl.error) return context.skip('kubectl is not installed here');
    expect(kubectl.status, kubectl.stderr).toBe(0);
    const rendered = parseAllDocuments(kubectl.stdout).map((d) => d.toJS() as Manifest);
    const byName = (list: Manifest[]) =>
      [...list].sort((a, b) =>
        `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`),
      );
    expect(byName(rendered)).toEqual(byName(manifests));
    for (const manifest of rendered) validateManifest(manifest);
  });

  it('run several replicas that a drain never takes all at once', () => {
    expect(deploymentSpec.replicas).toBeGreaterThanOrEqual(2);
    const labels = deploymentSpec.template.metadata.labels;
    expect(labels).toMatchObject(deploymentSpec.selector.matchLabels);
    const pdb = one('PodDisruptionBudget').spec as {
      maxUnavailable: number;
      selector: { matchLabels: Record<string, string> };
    };
    expect(labels).toMatchObject(pdb.selector.matchLabels);
    expect(pdb.maxUnavailable).toBeLessThan(deploymentSpec.replicas);
    const service = one('Service').spec as {
      selector: Record<string, string>;
      ports: { targetPort: string }[];
    };
    expect(labels).toMatchObject(service.selector);
    expect(api.ports?.map((p) => p.name)).toContain(service.ports[0]!.targetPort);
  });

  it('probe liveness and readiness on the health calls, on the API port', () => {
    expect(api.livenessProbe?.httpGet).toEqual({ path: '/v1/health/live', port: 'http' });
    expect(api.readinessProbe?.httpGet).toEqual({ path: '/v1/health/ready', port: 'http' });
    expect(api.startupProbe?.httpGet?.path).toBe('/v1/health/live');
    const port = api.ports?.find((p) => p.name === 'http')?.containerPort;
    expect(String(port)).toBe(readConfigMap().PORT);
  });

  it('run every container unprivileged, read-only, with requests and limits', () => {
    expect(deploymentSpec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true });
    for (const container of containersOf(deployment)) {
      expect(container.securityContext, container.name).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      const resources = container.resources as {
        requests?: Record<string, string>;
        limits?: Record<string, string>;
      };
      expect(Object.keys(resources.requests ?? {}).sort(), container.name).toEqual([
        'cpu',
        'memory',
      ]);
      expect(resources.limits?.memory, container.name).toBeDefined();
    }
  });

  it('migrate in an init container with the repository migration command, not at each start', () => {
    const pod = deploymentSpec.template.spec as PodSpec & {
      initContainers: { name: string; command: string[] }[];
    };
    const migrate = pod.initContainers.find((c) => c.name === 'migrate')!;
    // The image is the built repository (Dockerfile, WORKDIR /app): the command's script is
    // the build of prisma/src/cli/migrate.ts, what `pnpm db:migrate` runs.
    expect(migrate.command).toEqual(['node', 'prisma/dist/cli/migrate.js']);
    expect(existsSync(path.join(REPO, 'prisma', 'src', 'cli', 'migrate.ts'))).toBe(true);
    expect(readConfigMap().MIGRATE_ON_START).toBe('false');
    const dockerfile = readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^WORKDIR \/app$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('set only real settings, the secret ones in the Secret, with values the API accepts', () => {
    const config = readConfigMap();
    const secret = (one('Secret').stringData ?? {}) as Record<string, string>;
    for (const name of [...Object.keys(config), ...Object.keys(secret)]) {
      expect(SETTING_NAMES, name).toContain(name);
    }
    expect(Object.keys(secret).sort()).toEqual([...SECRET_SETTINGS].sort());
    for (const name of SECRET_SETTINGS) expect(Object.keys(config)).not.toContain(name);
    // The API's own check of the settings (a bad value would stop every pod at start).
    const loaded = loadConfig({ ...config, ...secret });
    expect(loaded.NODE_ENV).toBe('production');
    expect(loaded.REDIS_URL).toBeDefined();
  });
});

function readConfigMap(): Record<string, string> {
  return (one('ConfigMap').data ?? {}) as Record<string, string>;
}
