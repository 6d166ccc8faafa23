import {
  createECDH,
  createHmac,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The far ends the reminder tests send to, both real and on loopback: an SMTP server that
 * parses every mail it accepts, and a Web Push endpoint that decrypts what arrives with
 * the subscription's private key (RFC 8291), checking the VAPID signature (RFC 8292).
 */

export interface SmtpPeer {
  url: string;
  mails: ParsedMail[];
  /** Addresses whose mail is refused (a 550 at RCPT TO): a failing relay. */
  refuse: Set<string>;
  close: () => Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: ParsedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a push subscription: its key pair and auth secret. */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
  ecdh: ReturnType<typeof createECDH>;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 (aes128gcm, one record): the plaintext a browser would show. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const secret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(
    hkdfSync('sha256', secret, Buffer.from(keys.auth, 'base64url'), keyInfo, 32),
  );
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with a 0x02 delimiter, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('push record has no final delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: the key is the server's and signed the JWT. */
function vapidSigner(header: string | undefined, audience: string): string {
  const m = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [jwt, key] = [m[1] as string, m[2] as string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string };
  if (claims.aud !== audience)
    throw new Error(`VAPID audience ${claims.aud}, expected ${audience}`);
  return key;
}

/** A self-signed certificate for 127.0.0.1 (push services are https only). */
function loopbackCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'skillway-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PushEndpoint {
  origin: string;
  /** An HTTPS agent that trusts this endpoint's certificate, for the sender. */
  agent: Agent;
  /** Decrypted payloads by path, with the VAPID key that signed each. */
  received: { path: string; payload: unknown; vapidKey: string }[];
  /** Paths that answer this status instead of 201 (404/410: the subscription is gone). */
  answer: Map<string, number>;
  /** Registers a subscription's keys for a path. */
  keysFor: Map<string, BrowserKeys>;
  close: () => Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: PushEndpoint['received'] = [];
  const answer = new Map<string, number>();
  const keysFor = new Map<string, BrowserKeys>();
  let origin = '';
  const tls = loopbackCertificate();
  const server: Server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const status = answer.get(path);
      if (status) {
        res.writeHead(status).end();
        return;
      }
      try {
        const keys = keysFor.get(path);
        if (!keys) throw new Error(`no subscription at ${path}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapidKey = vapidSigner(req.headers.authorization, origin);
        const payload: unknown = JSON.parse(decryptPush(Buffer.concat(chunks), keys));
        received.push({ path, payload, vapidKey });
        res.writeHead(201).end();
      } catch (err) {
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    agent: new Agent({ ca: tls.cert }),
    received,
    answer,
    keysFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
