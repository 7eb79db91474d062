import type { Scenario } from '../types.ts';
import { clientIpBase } from './clientIpCommon.ts';

/**
 * The same ingress controller with `externalTrafficPolicy: Local` on its own Service: the
 * controller sees the client and passes it on in X-Forwarded-For.
 */
export const ingressLocal: Scenario = {
  ...clientIpBase('ingress-local', 'Local'),
  service: { ...clientIpBase('x', 'Local').service, name: 'ingress-nginx-controller' },
  app: { kind: 'ingressController', expectsProxyProtocol: false },
};
