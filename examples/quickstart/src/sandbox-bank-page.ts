/**
 * Plays the user at the sandbox bank: opens the consent page, finds its form and presses Approve,
 * as a browser would. Returns where the bank sent the user back to (the consent's redirectUrl with
 * `consentId` and `status`).
 */
export async function approveAtSandboxBank(consentUrl: string): Promise<URL> {
  const page = await fetch(consentUrl);
  if (!page.ok) throw new Error(`the sandbox bank page answered ${page.status}`);
  const html = await page.text();
  const form = /<form method="post" action="([^"]+)"/.exec(html);
  if (!form) throw new Error('the sandbox bank page has no consent form');
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const decided = await fetch(new URL(form[1]!, consentUrl), {
    method: 'POST',
    body: new URLSearchParams({ consentId: field('consentId'), state: field('state'), decision: 'approve' }),
    redirect: 'manual',
  });
  const location = decided.headers.get('location');
  if (decided.status !== 303 || !location) throw new Error(`approving answered ${decided.status}: ${await decided.text()}`);
  return new URL(location);
}
