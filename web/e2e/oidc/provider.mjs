// A real OpenID Connect provider on loopback for the e2e tests (npm package oidc-provider).
// One confidential client, authorization code with PKCE (S256), and oidc-provider's development
// interactions: a login form that accepts any login and password, then a consent page.
// The login becomes the account id; findAccount turns "grace.hopper" into the claims
// email grace.hopper@example.test, given_name Grace, family_name Hopper.
import Provider from "oidc-provider";

const host = process.env.OIDC_HOST ?? "127.0.0.1";
const port = Number(process.env.OIDC_PORT ?? 9477);
const issuer = `http://${host}:${port}`;
const redirectUri = process.env.OIDC_REDIRECT_URI ?? "http://127.0.0.1:18081/api/auth/callback";

function capitalize(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

export function claimsFor(accountId) {
  const [given = accountId, family = "Tester"] = accountId.split(/[._-]/);
  return {
    sub: accountId,
    email: `${accountId}@example.test`,
    email_verified: true,
    given_name: capitalize(given),
    family_name: capitalize(family),
    name: `${capitalize(given)} ${capitalize(family)}`,
  };
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "lifegraph-e2e",
      client_secret: "e2e-secret",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  // Every authorization request must carry a PKCE challenge, as the server sends one.
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["given_name", "family_name", "name"],
  },
  // Put the requested claims in the ID token too: the server builds its user from the ID token.
  conformIdTokenClaims: false,
  cookies: { keys: ["lifegraph-e2e-cookie-key"] },
  async findAccount(_ctx, accountId) {
    return {
      accountId,
      async claims() {
        return claimsFor(accountId);
      },
    };
  },
});

provider.on("server_error", (_ctx, error) => console.error("oidc-provider server_error", error));

const server = provider.listen(port, host, () => {
  console.log(`oidc-provider listening on ${issuer} (redirect_uri ${redirectUri})`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
