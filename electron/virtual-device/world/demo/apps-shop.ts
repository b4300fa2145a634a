import { base, defineApp, type AppDef, type BaseState } from './app';

interface ShopState extends BaseState { cart: Record<string, number>; orders: number; favorites: string[] }

const PRODUCTS = [
  { id: 'headphones', name: 'Wireless Headphones', price: 59.99, icon: 'headphones', text: 'Over-ear, 30 h battery, USB-C charging.' },
  { id: 'phone_case', name: 'Phone Case', price: 14.5, icon: 'phone', text: 'Shock-absorbing case with raised edges.' },
  { id: 'coffee', name: 'Coffee Beans 1 kg', price: 21.0, icon: 'bag', text: 'Medium roast, whole beans.' },
  { id: 'star_lamp', name: 'Star Night Lamp', price: 32.25, icon: 'star', text: 'Projects stars on the ceiling, three colours.' },
  { id: 'alarm_clock', name: 'Alarm Clock', price: 18.75, icon: 'clock', text: 'Silent sweep, snooze button, battery powered.' },
  { id: 'desk_mic', name: 'Desk Microphone', price: 44.0, icon: 'mic', text: 'USB condenser microphone with stand.' },
  { id: 'rain_jacket', name: 'Rain Jacket', price: 65.5, icon: 'cloud', text: 'Lightweight, packs into its own pocket.' },
  { id: 'notebook', name: 'Dotted Notebook', price: 9.9, icon: 'note', text: 'A5, 160 pages, lies flat.' },
  { id: 'calculator', name: 'Pocket Calculator', price: 12.4, icon: 'calc', text: 'Solar powered, 12 digits.' },
  { id: 'world_map', name: 'World Map Poster', price: 16.0, icon: 'globe', text: 'Printed on matte paper, 70 × 50 cm.' },
  { id: 'water_bottle', name: 'Water Bottle', price: 19.0, icon: 'cloud', text: 'Insulated steel, keeps drinks cold for 24 h.' },
  { id: 'backpack', name: 'City Backpack', price: 54.0, icon: 'bag', text: '20 litres, padded laptop sleeve.' },
  { id: 'gift_card', name: 'Gift Card', price: 25.0, icon: 'star', text: 'Delivered by e-mail, never expires.' },
  { id: 'smart_bulb', name: 'Smart Bulb', price: 11.99, icon: 'sun', text: 'Warm to cool white, app controlled.' },
];

const money = (n: number): string => `$${n.toFixed(2)}`;
const count = (s: ShopState): number => Object.values(s.cart).reduce((a, b) => a + b, 0);

export const shopApp: AppDef = defineApp<ShopState>({
  pkg: 'com.touchstone.shop', label: 'Shop', icon: 'cart', color: '#d93025', system: false, preinstalled: true, launchable: true,
  activities: { main: 'com.touchstone.shop.MainActivity', product: 'com.touchstone.shop.ProductActivity', cart: 'com.touchstone.shop.CartActivity', done: 'com.touchstone.shop.CheckoutActivity' },
  initial: () => ({ ...base(), cart: {}, orders: 0, favorites: [] }),
  build(b, s, screen) {
    const [name, param] = screen.split(':');
    const n = count(s);
    const cartBtn = { icon: 'cart', desc: `Cart, ${n} item${n === 1 ? '' : 's'}`, id: 'action_cart', action: 'cart', badge: n ? String(n) : undefined };
    const back = { icon: 'back', desc: 'Navigate up', action: 'up' };
    if (name === 'main') {
      b.appBar('Shop', { actions: [cartBtn] });
      const q = s.fields.search_box ?? '';
      b.edit({ id: 'search_box', value: q, hint: 'Search products', focused: s.focus === 'search_box', action: 'focus:search_box' });
      const shown = PRODUCTS.filter((p) => p.name.toLowerCase().includes(q.toLowerCase().trim()));
      if (!shown.length) b.text(`No results for "${q}"`, { color: b.theme.muted, id: 'no_results' });
      for (const p of shown) b.listItem({ title: p.name, subtitle: money(p.price), icon: p.icon, id: 'product_row', action: `product:${p.id}`, trailing: { kind: 'button', text: 'Add', id: `add_${p.id}`, action: `add:${p.id}`, style: 'tonal' } });
      return;
    }
    if (name === 'product') {
      const p = PRODUCTS.find((x) => x.id === param)!;
      // The favourite toggle has no content-desc on purpose: an icon-only control that only its pixels identify.
      const fav = s.favorites.includes(p.id);
      b.appBar(p.name, { nav: back, actions: [{ icon: fav ? 'star' : 'star-outline', desc: '', id: 'favorite', action: `fav:${p.id}` }, cartBtn] });
      b.card(220, (bx, node) => { node.paint = { kind: 'image', seed: p.id }; node.children.push({ cls: 'android.widget.ImageView', desc: p.name, bounds: bx, paint: { kind: 'icon', icon: p.icon, color: '#ffffff' }, children: [] }); });
      b.text(p.name, { size: 22, id: 'product_title', height: b.dp(40) });
      b.text(money(p.price), { size: 20, color: b.theme.primary, weight: 'bold', id: 'product_price' });
      b.text(p.text, { color: b.theme.muted, id: 'product_description' });
      b.button('Add to cart', { id: 'add_to_cart', action: `add:${p.id}` });
      return;
    }
    if (name === 'cart') {
      b.appBar('Cart', { nav: back });
      let total = 0;
      for (const p of PRODUCTS) {
        const qty = s.cart[p.id];
        if (!qty) continue;
        total += qty * p.price;
        b.listItem({ title: p.name, subtitle: `${qty} × ${money(p.price)}`, icon: p.icon, id: 'cart_row', trailing: { kind: 'icon', icon: 'minus', desc: `Remove one ${p.name}`, id: `remove_${p.id}`, action: `remove:${p.id}` } });
      }
      if (!n) b.text('Your cart is empty', { color: b.theme.muted, align: 'center', id: 'empty_cart' });
      b.divider();
      b.listItem({ title: 'Total', trailing: { kind: 'text', text: money(total) }, id: 'cart_total' });
      b.button('Checkout', { id: 'checkout', action: 'checkout', enabled: n > 0 });
      return;
    }
    b.appBar('Order placed', { nav: back });
    b.space(40);
    b.text('Thank you!', { size: 28, align: 'center', height: b.dp(52) });
    b.text(`Order #${1000 + s.orders} is on its way.`, { align: 'center', id: 'order_number' });
    b.button('Continue shopping', { id: 'continue', action: 'continue' });
  },
  act(s, screen, action) {
    const [verb, id] = action.split(':');
    switch (verb) {
      case 'product': return { push: action };
      case 'cart': return { push: 'cart' };
      case 'up': return { pop: true };
      case 'fav': s.favorites = s.favorites.includes(id) ? s.favorites.filter((f) => f !== id) : [...s.favorites, id]; return null;
      case 'add': s.cart[id] = (s.cart[id] ?? 0) + 1; return null;
      case 'remove': if (s.cart[id] > 1) s.cart[id]--; else delete s.cart[id]; return null;
      case 'checkout': if (!count(s)) return null; s.orders++; s.cart = {}; return { replace: 'done' };
      case 'continue': return screen === 'done' ? { pop: true } : null;
      default: return null;
    }
  },
});
