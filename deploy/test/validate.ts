import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { Manifest } from './render.js';

/**
 * The Kubernetes API's own OpenAPI schemas, compiled into kubernetes-models (from npm): types,
 * required fields, enums and formats are checked offline, with nothing downloaded at test time.
 * Like `kubectl --validate`, unknown fields are not refused by the schemas themselves.
 */
const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/** Throws, naming the object and the rule, when `object` is not a valid Kubernetes object. */
export function validateManifest(object: Manifest): void {
  const key = `${object.apiVersion}/${object.kind}`;
  const Model = MODELS[key];
  if (!Model) throw new Error(`${key} ${object.metadata?.name}: no schema known for this kind`);
  try {
    new Model(object as never).validate();
  } catch (error) {
    throw new Error(`${key} ${object.metadata.name}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
