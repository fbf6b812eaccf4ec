import { PRODUCT_NAME } from '@portico/contracts';
import { assetUrl } from '../api/base-url';
import defaultLogo from '../ui/logo.svg';

/** The client application's logo on the login card, or ours when the client has none. */
export function ClientLogo({ src, name = PRODUCT_NAME }: { src?: string; name?: string }) {
  return (
    <div className="text-center mb-3">
      <img
        src={src ? assetUrl(src) : defaultLogo}
        alt={`${name} logo`}
        className="client-logo"
        width={72}
        height={72}
      />
    </div>
  );
}
