import { metrics } from '@opentelemetry/api';

/** `consent.refresh.rejections`: refreshes refused because the consent's limit per rolling day was reached. */
export class RefreshRejections {
  private readonly rejections = metrics.getMeter('@obp/consent').createCounter('consent.refresh.rejections', {
    description: 'Refreshes refused for the limit of refreshes per consent per rolling day (answered 429)',
    unit: '{refresh}',
  });

  refused(): void {
    this.rejections.add(1);
  }
}
