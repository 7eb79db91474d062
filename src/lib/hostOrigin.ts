/** Where a page is served from, for the snippets it shows (HostOrigin.astro). Pure. */

/** Whether a host name is this machine (the snippet then needs the real host filled in). */
export function localOrigin(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** A snippet with the site's address replaced by the page's own origin. */
export function withOrigin(text: string, site: string, origin: string): string {
  return text.split(site).join(origin);
}
