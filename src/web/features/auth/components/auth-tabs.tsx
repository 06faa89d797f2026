import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuthResponse } from '#shared/schemas/auth';
import { Card, CardContent } from '#web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { LoginForm } from './login-form';

export type AuthTab = 'login' | 'signup';

type AuthTabsProps = {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onLogin: (session: AuthResponse) => void;
  /** The sign-up form of this portal (student or creator). */
  signupForm: ReactNode;
};

/** The Login / Sign Up tabs shared by /login and the creator portal. */
export function AuthTabs({ tab, onTabChange, onLogin, signupForm }: AuthTabsProps) {
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value === 'signup' ? 'signup' : 'login')}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="login">{t('auth.login')}</TabsTrigger>
        <TabsTrigger value="signup">{t('auth.signUp')}</TabsTrigger>
      </TabsList>
      <Card className="mt-4">
        <TabsContent value="login" className="mt-0">
          <CardContent className="pt-6">
            <LoginForm
              onSuccess={onLogin}
              passwordAside={
                <Link
                  to={paths.forgotPassword.getHref()}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('auth.forgotPasswordLink')}
                </Link>
              }
            />
          </CardContent>
        </TabsContent>
        <TabsContent value="signup" className="mt-0">
          <CardContent className="pt-6">{signupForm}</CardContent>
        </TabsContent>
      </Card>
    </Tabs>
  );
}
