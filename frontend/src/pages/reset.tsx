import { AuthScene } from "../components/auth-scene";
import { ResetRequestForm } from "../features/accounts/reset-forms";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

function ResetPage() {
  return (
    <AuthScene>
      <ResetRequestForm />
    </AuthScene>
  );
}

// The catalog first (none for English), so the island renders in its language at once.
void loadCatalog("accounts").finally(() => mount("reset", ResetPage));
