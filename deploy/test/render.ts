import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as YAML gives it. */
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
} & Record<string, unknown>;

interface Kustomization {
  resources: string[];
  labels?: { pairs: Record<string, string> }[];
  images?: { name: string; newName?: string; newTag?: string }[];
}

/** Every YAML document of a file, refusing one that does not parse. */
export function readYaml(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length > 0) {
      throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`);
    }
    return document.toJS() as unknown;
  });
}

/**
 * What `kubectl kustomize <dir>` renders, for the features our kustomization.yaml uses
 * (resources, labels on metadata, images), without kubectl: CI machines need not have it. The
 * test compares it with kubectl's own rendering where kubectl is installed.
 */
export function renderKustomization(dir: string): Manifest[] {
  const [kustomization] = readYaml(path.join(dir, 'kustomization.yaml')) as [Kustomization];
  const labels = Object.assign({}, ...(kustomization.labels ?? []).map((l) => l.pairs)) as Record<
    string,
    string
  >;
  const objects = kustomization.resources.flatMap(
    (file) => readYaml(path.join(dir, file)) as Manifest[],
  );
  for (const object of objects) {
    object.metadata.labels = { ...object.metadata.labels, ...labels };
    for (const container of containersOf(object)) {
      const image = kustomization.images?.find((i) => i.name === container.image);
      if (image) container.image = `${image.newName ?? image.name}:${image.newTag ?? 'latest'}`;
    }
  }
  return objects;
}

interface Container {
  name: string;
  image: string;
  [key: string]: unknown;
}

/** The containers and init containers of a workload's pod template (none for other kinds). */
export function containersOf(object: Manifest): Container[] {
  const pod = (object.spec as { template?: { spec?: Record<string, unknown> } } | undefined)
    ?.template?.spec;
  if (!pod) return [];
  return [
    ...((pod.initContainers as Container[] | undefined) ?? []),
    ...((pod.containers as Container[] | undefined) ?? []),
  ];
}
