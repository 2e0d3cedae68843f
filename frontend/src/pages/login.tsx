import { AuthScene } from "../components/auth-scene";
import { SocialSignIn, type SocialProvider } from "../components/social-sign-in";
import { LoginForm } from "../features/accounts/login-form";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

function LoginPage({ next, providers = [], social_error }: { next: string; providers?: SocialProvider[]; social_error?: string | null }) {
  return (
    <AuthScene>
      <LoginForm next={next} />
      <SocialSignIn providers={providers} error={social_error} />
    </AuthScene>
  );
}

// The catalog first (none for English), so the island renders in its language at once.
void loadCatalog("accounts").finally(() => mount("login", LoginPage));
