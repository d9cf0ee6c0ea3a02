/** One interface, two identity providers (embedded default, Firebase), chosen by the runtime config. */
export interface SignedIn {
  uid: string;
}

export interface AuthAdapter {
  readonly kind: 'embedded' | 'firebase';
  /** Resolve the uid of a session that survived a reload, or null. */
  restore(): Promise<SignedIn | null>;
  /** Throws an Error whose message is the provider's own (shown as is). */
  signIn(email: string, password: string): Promise<SignedIn>;
  signOut(): Promise<void>;
  getAccessToken(): Promise<string | null>;
  refresh(): Promise<boolean>;
  sendResetCode(email: string): Promise<void>;
  confirmReset(email: string, code: string, newPassword: string): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}
