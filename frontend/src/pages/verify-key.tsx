import { AuthScene } from "../components/auth-scene";
import { VerifyStatus } from "../features/accounts/verify-status";
import { mount } from "../lib/mount";

function VerifyPage({ token }: { token: string }) {
  return (
    <AuthScene>
      <VerifyStatus token={token} />
    </AuthScene>
  );
}

mount("verify-key", VerifyPage);
