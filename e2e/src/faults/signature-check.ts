import { verifiedMessage, type RecordingReceiver } from '../recording-receiver';

/**
 * Verifies the Standard Webhooks signature of every request a receiver got, with each endpoint's secret,
 * soon after it came: a signature carries its timestamp and verifies only within 5 minutes of it, so a
 * long test checks as it goes (`check()` on a timer) rather than at the end.
 */
export class SignatureCheck {
  private checked = 0;
  /** Requests whose signature did not verify, or that came to a path with no secret. */
  readonly invalid: string[] = [];
  verified = 0;

  constructor(
    private readonly receiver: RecordingReceiver,
    /** Each endpoint's path and the secret it was given when made. */
    private readonly secrets: Map<string, string>,
  ) {}

  check(): void {
    for (; this.checked < this.receiver.received.length; this.checked++) {
      const request = this.receiver.received[this.checked]!;
      const secret = this.secrets.get(request.path);
      try {
        if (secret === undefined) throw new Error('no endpoint of that path');
        verifiedMessage(request, secret);
        this.verified++;
      } catch (error) {
        this.invalid.push(`${request.path} ${String(request.headers['webhook-id'])}: ${(error as Error).message}`);
      }
    }
  }
}
