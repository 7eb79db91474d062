import type { SourceEntry } from './types.ts';

const INGRESS_NGINX =
  'https://github.com/kubernetes/ingress-nginx/blob/dbb11b92ddb77bee9c35e462479129354c84f939';
const INGRESS_NGINX_AT = 'ingress-nginx dbb11b9 (2026-03-20, after controller-v1.15.1)';

/** Sources: ingress controllers, nginx and PROXY protocol. */
export const INGRESS_SOURCES: readonly SourceEntry[] = [
  {
    id: 'ingress-nginx-xff-from-connection',
    claim: {
      en: 'With use-forwarded-headers false (the default) ingress-nginx ignores incoming X-Forwarded-* headers and fills them from the connection it saw; with use-proxy-protocol it takes the client from the PROXY header.',
      de: 'Mit use-forwarded-headers auf false (Standard) ignoriert ingress-nginx ankommende X-Forwarded-*-Header und füllt sie aus der Verbindung, die es gesehen hat; mit use-proxy-protocol nimmt es den Client aus dem PROXY-Header.',
    },
    url: `${INGRESS_NGINX}/docs/user-guide/nginx-configuration/configmap.md`,
    at: INGRESS_NGINX_AT,
    status: 'verified',
  },
  {
    id: 'ingress-nginx-real-ip',
    claim: {
      en: 'ingress-nginx turns on nginx’s realip module when use-forwarded-headers or use-proxy-protocol is set, with real_ip_recursive on and set_real_ip_from for every proxy-real-ip-cidr entry; the default proxy-real-ip-cidr is 0.0.0.0/0. The result, $remote_addr, goes into X-Real-IP and (without compute-full-forwarded-for) X-Forwarded-For.',
      de: 'ingress-nginx schaltet das realip-Modul von nginx ein, wenn use-forwarded-headers oder use-proxy-protocol gesetzt ist, mit real_ip_recursive on und set_real_ip_from für jeden Eintrag von proxy-real-ip-cidr; der Standard von proxy-real-ip-cidr ist 0.0.0.0/0. Das Ergebnis, $remote_addr, geht in X-Real-IP und (ohne compute-full-forwarded-for) in X-Forwarded-For.',
    },
    url: `${INGRESS_NGINX}/rootfs/etc/nginx/template/nginx.tmpl`,
    at: INGRESS_NGINX_AT,
    status: 'verified',
  },
  {
    id: 'nginx-realip-recursive',
    claim: {
      en: 'nginx’s realip walks the header from the right: while the current address is trusted it takes the next entry; when every address is trusted it ends at the leftmost one, which the client may have written itself.',
      de: 'Das realip-Modul von nginx läuft den Header von rechts ab: Solange die aktuelle Adresse vertrauenswürdig ist, nimmt es den nächsten Eintrag; ist jede Adresse vertrauenswürdig, endet es beim Eintrag ganz links, den der Client selbst geschrieben haben kann.',
    },
    url: 'https://github.com/nginx/nginx/blob/3f6f7824d4e2eb1ac37dec76683d525ac0ff521c/src/http/ngx_http_core_module.c',
    at: 'nginx 3f6f782 (2026-08-21); ngx_http_get_forwarded_addr_internal',
    status: 'verified',
  },
  {
    id: 'ingress-nginx-healthz',
    claim: {
      en: 'ingress-nginx has two /healthz: nginx’s own on the HTTP traffic port, whose listener reads PROXY protocol when use-proxy-protocol is on, and the Go controller’s on 10254, which does not run in nginx and does not read the header (ingress-nginx #6488, #10982).',
      de: 'ingress-nginx hat zwei /healthz: das eigene von nginx auf dem HTTP-Traffic-Port, dessen Listener mit use-proxy-protocol das PROXY-Protokoll liest, und das des Go-Controllers auf 10254, das nicht in nginx läuft und den Header nicht liest (ingress-nginx #6488, #10982).',
    },
    url: 'https://github.com/kubernetes/ingress-nginx/issues/10982',
    at: `${INGRESS_NGINX_AT}; issues #6488 (2020-11-18) and #10982 (2024)`,
    status: 'verified',
  },
  {
    id: 'ingress-nginx-hcnp-pp-failure',
    claim: {
      en: 'On an AWS NLB with PROXY protocol, HTTP checks of the healthCheckNodePort fail and every target turns unhealthy (ingress-nginx #6263): kube-proxy does not read the header.',
      de: 'Auf einem AWS-NLB mit PROXY-Protokoll scheitern HTTP-Checks des healthCheckNodePort, und jedes Target wird ungesund (ingress-nginx #6263): kube-proxy liest den Header nicht.',
    },
    url: 'https://github.com/kubernetes/ingress-nginx/issues/6263',
    at: 'issue #6263 (2020-10-02)',
    status: 'verified',
  },
  {
    id: 'nginx-broken-header',
    claim: {
      en: 'An nginx listener that expects PROXY protocol and gets a plain request logs broken header: "…" while reading PROXY protocol and closes the connection; NLB TCP checks show up as broken header: "" (ingress-nginx #11365, #6996).',
      de: 'Ein nginx-Listener, der PROXY-Protokoll erwartet und eine gewöhnliche Anfrage bekommt, schreibt broken header: "…" while reading PROXY protocol ins Log und schließt die Verbindung; TCP-Checks eines NLB erscheinen als broken header: "" (ingress-nginx #11365, #6996).',
    },
    url: 'https://github.com/kubernetes/ingress-nginx/issues/6996',
    at: 'issues #6996 (2021-03-26), #11365',
    status: 'verified',
  },
  {
    id: 'tcp-check-sends-nothing',
    claim: {
      en: 'A TCP health check opens a connection and closes it without sending data, so it passes whether or not the listener expects a PROXY header. AWS does not document this; the broken header: "" log lines fit it.',
      de: 'Ein TCP-Health-Check baut eine Verbindung auf und schließt sie, ohne Daten zu schicken, besteht also unabhängig davon, ob der Listener einen PROXY-Header erwartet. AWS dokumentiert das nicht; die Logzeilen broken header: "" passen dazu.',
    },
    url: 'https://github.com/kubernetes/ingress-nginx/issues/6996',
    at: 'issue #6996 (2021-03-26)',
    status: 'inferred',
  },
  {
    id: 'proxy-protocol-spec',
    claim: {
      en: 'PROXY protocol v1 is one text line (PROXY TCP4 source destination source-port destination-port), v2 the same in binary; the listener must be configured to read and strip it.',
      de: 'PROXY-Protokoll v1 ist eine Textzeile (PROXY TCP4 Quelle Ziel Quellport Zielport), v2 dasselbe binär; der Listener muss so eingestellt sein, dass er es liest und entfernt.',
    },
    url: 'https://www.haproxy.org/download/1.8/doc/proxy-protocol.txt',
    at: 'HAProxy 1.8 doc',
    status: 'verified',
  },
];
