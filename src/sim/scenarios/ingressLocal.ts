import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

const base = clientIpBase('ingress-local', 'Local');

/**
 * The same ingress controller with `externalTrafficPolicy: Local` on its own Service: the
 * controller sees the client and passes it on in X-Forwarded-For.
 */
export const ingressLocal: Scenario = {
  ...base,
  service: { ...base.service, name: 'ingress-nginx-controller' },
  app: { kind: 'ingressController', expectsProxyProtocol: false },
};
