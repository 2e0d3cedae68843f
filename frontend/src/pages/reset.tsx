import { AuthScene } from "../components/auth-scene";
import { ResetRequestForm } from "../features/accounts/reset-forms";
import { mount } from "../lib/mount";

function ResetPage() {
  return (
    <AuthScene>
      <ResetRequestForm />
    </AuthScene>
  );
}

mount("reset", ResetPage);
