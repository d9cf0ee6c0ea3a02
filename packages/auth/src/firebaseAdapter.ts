import { authChangePassword } from '@backoffice/api-client/endpoints';
import type { AuthAdapter } from './adapter';
import type { FirebaseAuthConfig } from './runtimeConfig';

/**
 * Firebase Authentication through the firebase JS SDK, loaded only in this mode so the embedded default
 * does not pay for it. Provider errors are rethrown with the provider's own message, as the seed says.
 */
export function createFirebaseAdapter(config: FirebaseAuthConfig): AuthAdapter {
  const load = async () => {
    const [{ initializeApp, getApps }, authModule] = await Promise.all([
      import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
      import(/* webpackChunkName: "firebase-auth" */ 'firebase/auth'),
    ]);
    const app =
      getApps()[0] ??
      initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
    const auth = authModule.getAuth(app);
    if (config.emulatorUrl && !(auth as { emulatorConfig?: unknown }).emulatorConfig) {
      authModule.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
    }
    await auth.authStateReady();
    return { auth, authModule };
  };
  let loaded: ReturnType<typeof load> | null = null;
  const sdk = () => (loaded ??= load());

  return {
    kind: 'firebase',
    async restore() {
      const { auth } = await sdk();
      return auth.currentUser ? { uid: auth.currentUser.uid } : null;
    },
    async signIn(email, password) {
      const { auth, authModule } = await sdk();
      const credential = await authModule.signInWithEmailAndPassword(auth, email, password);
      return { uid: credential.user.uid };
    },
    async signOut() {
      const { auth, authModule } = await sdk();
      await authModule.signOut(auth);
    },
    async getAccessToken() {
      const { auth } = await sdk();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    async refresh() {
      const { auth } = await sdk();
      if (!auth.currentUser) return false;
      await auth.currentUser.getIdToken(true);
      return true;
    },
    async sendResetCode(email) {
      const { auth, authModule } = await sdk();
      await authModule.sendPasswordResetEmail(auth, email);
    },
    async confirmReset(_email, code, newPassword) {
      const { auth, authModule } = await sdk();
      await authModule.confirmPasswordReset(auth, code, newPassword);
    },
    async changePassword(currentPassword, newPassword) {
      const { auth, authModule } = await sdk();
      const user = auth.currentUser;
      if (!user?.email) throw new Error('Sessão expirada. Entre novamente.');
      const credential = authModule.EmailAuthProvider.credential(user.email, currentPassword);
      await authModule.reauthenticateWithCredential(user, credential);
      await authModule.updatePassword(user, newPassword);
      // The server keeps is_password_updated; it accepts the call for a Firebase-verified session.
      await authChangePassword(currentPassword, newPassword).catch(() => undefined);
    },
  };
}
