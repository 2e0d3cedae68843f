import { AuthScene } from "../components/auth-scene";
import { RegisterForm } from "../features/accounts/register-form";
import { mount } from "../lib/mount";

function RegisterPage() {
  return (
    <AuthScene>
      <RegisterForm />
    </AuthScene>
  );
}

mount("register", RegisterPage);
