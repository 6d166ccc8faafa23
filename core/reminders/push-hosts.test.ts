import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS, parsePushHosts, pushEndpointAllowed } from './push-hosts';

const allowed = (endpoint: string, hosts: readonly string[] = DEFAULT_PUSH_HOSTS) =>
  pushEndpointAllowed(endpoint, hosts);

describe('push endpoint hosts', () => {
  it('accepts the endpoints browsers give for the known push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXyZ:APA91bHk-abc_123',
      'https://fcm.googleapis.com/wp/dXyZ:APA91bHk',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2fn',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://api.push.apple.com/3/device/abc',
    ])
      expect(allowed(endpoint), endpoint).toBe(true);
  });

  it('refuses hosts inside the network and look-alikes of the known ones', () => {
    for (const endpoint of [
      'https://intranet.example.org/hook',
      'https://10.0.0.5/admin',
      'https://127.0.0.1/',
      'https://2130706433/', // 127.0.0.1 as one number
      'https://[::1]/',
      'https://[fd00::1]/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com/x', // a wildcard is for hosts under the domain, not the domain
      'https://push.apple.com.evil.example/x',
      'https://xpush.apple.com/x',
    ])
      expect(allowed(endpoint), endpoint).toBe(false);
  });

  it('refuses an endpoint not written as a browser writes it', () => {
    for (const endpoint of [
      'https://FCM.googleapis.com/fcm/send/x', // uppercase
      'https://fcm.googleapis.com./fcm/send/x', // trailing dot
      'https://fcm.googleapis.com:443/fcm/send/x', // the default port, spelled out
      'https://fcm.googleapis.com:8443/fcm/send/x', // another port
      'https://user@fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.cοm/fcm/send/x', // Greek omicron (an IDN)
      'https://xn--fcm-googleapis-com/x',
      'https://fcm.googleapis.com', // no path
      'http://fcm.googleapis.com/fcm/send/x',
      'wss://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com\\@evil.example/x',
      'not a url',
      '',
    ])
      expect(allowed(endpoint), endpoint).toBe(false);
  });

  it('takes operator entries: exact hosts, wildcards, ports and IP addresses named exactly', () => {
    const hosts = [
      'push.example.com',
      '*.corp.example',
      '127.0.0.1:*',
      'push.internal:8443',
      '[::1]:9000',
    ];
    expect(allowed('https://push.example.com/a', hosts)).toBe(true);
    expect(allowed('https://push.example.com:444/a', hosts)).toBe(false);
    expect(allowed('https://a.corp.example/a', hosts)).toBe(true);
    expect(allowed('https://corp.example/a', hosts)).toBe(false);
    expect(allowed('https://127.0.0.1:4443/a', hosts)).toBe(true);
    expect(allowed('https://127.0.0.2:4443/a', hosts)).toBe(false);
    expect(allowed('https://push.internal:8443/a', hosts)).toBe(true);
    expect(allowed('https://push.internal/a', hosts)).toBe(false);
    expect(allowed('https://[::1]:9000/a', hosts)).toBe(true);
    expect(allowed('https://[::1]/a', hosts)).toBe(false);
    // A wildcard never matches an IP address.
    expect(allowed('https://10.0.0.1/a', ['*.0.0.1'])).toBe(false);
  });

  it('reads PUSH_HOSTS, naming the entries that are not host patterns', () => {
    expect(parsePushHosts(' Push.Example.com, *.corp.example ,127.0.0.1:*')).toEqual({
      hosts: ['push.example.com', '*.corp.example', '127.0.0.1:*'],
      bad: [],
    });
    expect(
      parsePushHosts('https://push.example.com/, *, *.com:99999, push.example.com/x').bad,
    ).toEqual(['https://push.example.com/', '*', '*.com:99999', 'push.example.com/x']);
  });
});
