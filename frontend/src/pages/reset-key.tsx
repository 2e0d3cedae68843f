import { AuthScene } from "../components/auth-scene";
import { ResetConfirmForm } from "../features/accounts/reset-forms";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

function ResetConfirmPage({ token, valid }: { token: string; valid: boolean }) {
  return (
    <AuthScene>
      <ResetConfirmForm token={token} valid={valid} />
    </AuthScene>
  );
}

// The catalog first (none for English), so the island renders in its language at once.
void loadCatalog("accounts").finally(() => mount("reset-key", ResetConfirmPage));
