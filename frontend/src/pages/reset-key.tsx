import { AuthScene } from "../components/auth-scene";
import { ResetConfirmForm } from "../features/accounts/reset-forms";
import { mount } from "../lib/mount";

function ResetConfirmPage({ token, valid }: { token: string; valid: boolean }) {
  return (
    <AuthScene>
      <ResetConfirmForm token={token} valid={valid} />
    </AuthScene>
  );
}

mount("reset-key", ResetConfirmPage);
