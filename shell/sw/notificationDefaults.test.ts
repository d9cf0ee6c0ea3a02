import { notificationFromPush } from './notificationDefaults';

describe('push notification defaults', () => {
  it("fall back to 'Título', 'Corpo da notificação' and '/favicon.ico'", () => {
    expect(notificationFromPush({})).toEqual({
      title: 'Título',
      options: { body: 'Corpo da notificação', icon: '/favicon.ico', data: { url: null } },
    });
  });
  it('use the message fields and keep data.url for the click', () => {
    const n = notificationFromPush({ notification: { title: 'Novo despacho', body: 'Abrir', icon: '/i.png' }, data: { url: 'https://x/y' } });
    expect(n.title).toBe('Novo despacho');
    expect(n.options).toEqual({ body: 'Abrir', icon: '/i.png', data: { url: 'https://x/y' } });
  });
});
