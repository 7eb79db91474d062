/** Hand-written JSON Schema (draft 2020-12) of a scenario file; mirrors validate.ts. */
import {
  ACTION_TYPES,
  DELIVERIES,
  LIMITS,
  POLICIES,
  PRESET_NAMES,
  PROBE_KIND_NAMES,
  STRATEGIES,
} from './validate.ts';

const id = {
  type: 'string',
  pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$',
  maxLength: LIMITS.idLength,
};
const ip = { type: 'string', pattern: '^\\d{1,3}(\\.\\d{1,3}){3}$' };
const time = { type: 'number', minimum: 0, maximum: LIMITS.timeMax };
const port = { type: 'integer', minimum: 1, maximum: 65535 };
const nodePort = { type: 'integer', minimum: 30000, maximum: 32767 };

export const scenarioJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://hop-by-hop.example/schemas/scenario.json',
  title: 'Hop by Hop scenario',
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'clients',
    'nodes',
    'pods',
    'service',
    'loadBalancer',
    'masquerade',
    'traffic',
    'lifecycle',
    'timeline',
    'featured',
  ],
  properties: {
    $schema: { type: 'string' },
    id,
    clients: {
      type: 'array',
      minItems: 1,
      maxItems: LIMITS.clients,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'ip'],
        properties: { id, ip },
      },
    },
    nodes: {
      type: 'array',
      minItems: 1,
      maxItems: LIMITS.nodes,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'ip', 'podCidr'],
        properties: {
          id,
          ip,
          podCidr: { type: 'string', pattern: '^\\d{1,3}(\\.\\d{1,3}){3}/\\d{1,2}$' },
        },
      },
    },
    pods: {
      type: 'array',
      maxItems: LIMITS.pods,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        properties: { id, node: id, ip },
      },
    },
    placement: {
      type: 'object',
      additionalProperties: false,
      required: ['strategy', 'replicas'],
      properties: {
        strategy: { enum: STRATEGIES },
        replicas: { type: 'integer', minimum: 0, maximum: LIMITS.pods },
        maxSkew: { type: 'integer', minimum: 1, maximum: 64 },
      },
    },
    service: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'namespace', 'port', 'targetPort', 'nodePort', 'externalTrafficPolicy'],
      properties: {
        name: id,
        namespace: id,
        port,
        targetPort: port,
        nodePort,
        externalTrafficPolicy: { enum: POLICIES },
        healthCheckNodePort: nodePort,
      },
    },
    loadBalancer: {
      type: 'object',
      additionalProperties: false,
      required: ['frontendIp', 'delivery', 'preset', 'probe'],
      properties: {
        frontendIp: ip,
        delivery: { enum: DELIVERIES },
        preset: { enum: PRESET_NAMES },
        probe: {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'interval', 'timeout', 'unhealthyThreshold', 'healthyThreshold'],
          properties: {
            kind: { enum: PROBE_KIND_NAMES },
            interval: { type: 'number', exclusiveMinimum: 0, maximum: 300 },
            timeout: { type: 'number', exclusiveMinimum: 0, maximum: 300 },
            unhealthyThreshold: { type: 'integer', minimum: 1, maximum: 100 },
            healthyThreshold: { type: 'integer', minimum: 1, maximum: 100 },
          },
        },
        probePhase: { type: 'object', additionalProperties: time },
      },
    },
    masquerade: { type: 'boolean' },
    traffic: {
      type: 'object',
      additionalProperties: false,
      required: ['rate', 'duration', 'connectTimeout'],
      description: `rate × duration must not exceed ${LIMITS.connections} connections`,
      properties: {
        rate: { type: 'number', exclusiveMinimum: 0, maximum: LIMITS.rateMax },
        duration: time,
        connectTimeout: { type: 'number', exclusiveMinimum: 0, maximum: 300 },
        connectionDuration: time,
      },
    },
    lifecycle: {
      type: 'object',
      additionalProperties: false,
      required: [
        'terminationGracePeriodSeconds',
        'preStopSeconds',
        'servesWhileTerminating',
        'shutdownGracePeriod',
        'shutdownGracePeriodCriticalPods',
        'proxySyncDelay',
      ],
      properties: {
        terminationGracePeriodSeconds: time,
        preStopSeconds: time,
        servesWhileTerminating: { type: 'boolean' },
        shutdownGracePeriod: time,
        shutdownGracePeriodCriticalPods: time,
        proxySyncDelay: { type: 'number', minimum: 0, maximum: 600 },
        bootSeconds: time,
        nodeMonitorGracePeriod: time,
      },
    },
    timeline: {
      type: 'array',
      maxItems: LIMITS.timeline,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['at', 'type'],
        properties: { at: time, type: { enum: ACTION_TYPES }, node: id, pod: id },
      },
    },
    featured: { type: 'array', maxItems: LIMITS.featured, items: { type: 'integer', minimum: 0 } },
    featuredSelectors: {
      type: 'array',
      maxItems: LIMITS.featured,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind'],
        properties: {
          kind: {
            enum: ['firstCrossNode', 'firstSameNode', 'firstOutcome', 'firstOnNode', 'firstDirect'],
          },
          outcome: { enum: ['ok', 'timeout', 'reset', 'dropped'] },
          reason: { type: 'string' },
          node: id,
        },
      },
    },
    directConnections: {
      type: 'array',
      maxItems: LIMITS.direct,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['at', 'client', 'node'],
        properties: { at: time, client: id, node: id },
      },
    },
  },
} as const;
