import { AuthScene } from "../components/auth-scene";
import { ResetConfirmForm } from "../features/accounts/reset-forms";
import { mount } from "../lib/mount";

function ResetConfirmPage({ token }: { token: string }) {
  return (
    <AuthScene>
      <ResetConfirmForm token={token} />
    </AuthScene>
  );
}

mount("accounts-reset-confirm", ResetConfirmPage);
