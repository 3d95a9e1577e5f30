/**
 * The customer side of the benchmarks that talk to a running server over HTTP: one call's `data`
 * (its envelope's failure thrown), and a customer signed in as the web client does (spec §4).
 */

/** Sends one call; resolves with the envelope's `data`, or throws with its message. */
export async function callApi(base: string, url: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(base + url, init);
  const body = (await response.json()) as { success: boolean; message: string; data: any };
  if (!body.success) throw new Error(`${url}: ${body.message}`);
  return body.data;
}

/**
 * Signs a customer in on the merchant site `host`: the company's app token, then an access token
 * for the account. Resolves with the headers every later call of the customer carries.
 */
export async function signInCustomer(
  base: string,
  host: string,
  customer: { account: string; password: string },
): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json', host };
  const company = await callApi(base, '/api/common/CheckDomainName', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ bizcontent: { domainName: host } }),
  });
  const token = await callApi(base, '/api/oauth/RequestOauthToken', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ appid: company.AppId, bizcontent: { secret: company.AppSecret } }),
  });
  const access = await callApi(base, '/api/oauth/RequestAccessToken', {
    method: 'POST',
    headers: { ...json, authtoken: token.Token },
    body: JSON.stringify({
      bizcontent: { LoginType: 1, Account: customer.account, Password: customer.password },
    }),
  });
  return { host, authtoken: token.Token, accesstoken: access.AccessToken };
}
