import { AuthScene } from "../components/auth-scene";
import { VerifyStatus } from "../features/accounts/verify-status";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

function VerifyPage({ token }: { token: string }) {
  return (
    <AuthScene>
      <VerifyStatus token={token} />
    </AuthScene>
  );
}

// The catalog first (none for English), so the island renders in its language at once.
void loadCatalog("accounts").finally(() => mount("verify-key", VerifyPage));
