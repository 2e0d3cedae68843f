import { AuthScene } from "../components/auth-scene";
import { LoginForm } from "../features/accounts/login-form";
import { mount } from "../lib/mount";

function LoginPage({ next }: { next: string }) {
  return (
    <AuthScene>
      <LoginForm next={next} />
    </AuthScene>
  );
}

mount("login", LoginPage);
