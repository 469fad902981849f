/**
 * @simplewebauthn/server, with the ASN.1 and certificate parsers it brings (a few MB of the
 * server's heap): loaded the first time a passkey is asked for or checked, not at start, since
 * most instances never see one.
 */
export const loadWebAuthn = () => import('@simplewebauthn/server');
