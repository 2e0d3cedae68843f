import { AuthScene } from "../components/auth-scene";
import { SocialSignIn, type SocialProvider } from "../components/social-sign-in";
import { RegisterForm } from "../features/accounts/register-form";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

function RegisterPage({ providers = [], social_error }: { providers?: SocialProvider[]; social_error?: string | null }) {
  return (
    <AuthScene>
      <RegisterForm />
      <SocialSignIn providers={providers} error={social_error} />
    </AuthScene>
  );
}

// The catalog first (none for English), so the island renders in its language at once.
void loadCatalog("accounts").finally(() => mount("register", RegisterPage));
