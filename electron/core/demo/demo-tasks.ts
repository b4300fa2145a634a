import type { ResetSpec } from '../runner/run-tasks';
import type { ScriptStep, Target } from './targets';

/** One annotation item, by what it points at (resolved to i.json numbers when the episode is recorded). */
export type DemoItem =
  | 'activity' | 'screen'
  | { exact: Target } | { exclude: Target } | { fuzzy: Target } | { click: Target }
  | { type: string } | { installed: string } | { uninstalled: string } | { ocr: string };

/** A demo task: how to perform it (recorded as the ground truth) and what to check (essential states per screen). */
export interface DemoTask {
  id: string;
  category: 'general' | 'webshopping' | 'install';
  app: string;
  description: string;
  steps: ScriptStep[];
  /** Screen index -> items of its essential state. */
  ess: Record<number, DemoItem[]>;
  /** Another way to do the task (an agent trace with a different path); `done` = a person would call it completed. */
  alternative?: { steps: ScriptStep[]; done: boolean };
}

/** Every demo task starts here: apps cleared, optional apps removed, toggles at their defaults, home screen. */
export const DEMO_RESET: ResetSpec = {
  clear: ['com.touchstone.notes', 'com.touchstone.shop', 'com.touchstone.clock', 'com.touchstone.store', 'com.android.settings'],
  shell: [
    'pm uninstall com.touchstone.weather >/dev/null', 'pm uninstall com.touchstone.podcasts >/dev/null',
    'settings put global wifi_on 1', 'settings put global airplane_mode_on 0', 'settings put global bluetooth_on 0',
    'settings put secure ui_night_mode 1', 'settings put system screen_brightness_mode 0',
  ],
};

const tap = (t: Target): ScriptStep => ({ tap: t });
const text = (s: string): Target => ({ text: s });
const SETTINGS = tap(text('Settings'));
const NOTES = tap(text('Notes'));
const COUNTER = tap(text('Counter'));
const SHOP = tap(text('Shop'));
const STORE = tap(text('App Store'));

export const DEMO_TASKS: DemoTask[] = [
  { id: 'demo01', category: 'general', app: 'com.android.settings', description: 'Open the Settings app.',
    steps: [SETTINGS], ess: { 1: ['activity', { exact: text('Network & internet') }] } },
  { id: 'demo02', category: 'general', app: 'com.android.settings', description: 'Turn off Wi-Fi in Settings.',
    steps: [SETTINGS, tap(text('Network & internet')), tap(text('Wi‑Fi'))],
    ess: { 2: [{ click: text('Wi‑Fi') }], 3: ['activity', { exact: text('Off') }] },
    alternative: { steps: [SETTINGS, tap(text('Network & internet')), tap({ id: 'switch_widget' })], done: true } },
  { id: 'demo03', category: 'general', app: 'com.android.settings', description: 'Turn on airplane mode.',
    steps: [SETTINGS, tap(text('Network & internet')), tap(text('Airplane mode'))], ess: { 2: ['activity', { click: text('Airplane mode') }] } },
  { id: 'demo04', category: 'general', app: 'com.android.settings', description: 'Turn on the dark theme.',
    steps: [SETTINGS, tap(text('Display')), tap(text('Dark theme'))], ess: { 3: ['activity', { exact: text('Will never turn off automatically') }] } },
  { id: 'demo05', category: 'general', app: 'com.android.settings', description: 'Turn on Bluetooth.',
    steps: [SETTINGS, tap(text('Connected devices')), tap(text('Bluetooth'))], ess: { 3: [{ exact: { text: 'On', id: 'summary' } }] } },
  { id: 'demo06', category: 'general', app: 'com.android.settings', description: 'Find out which Android version the phone runs.',
    steps: [SETTINGS, tap(text('About phone'))], ess: { 2: ['activity', { fuzzy: text('Android version') }] } },
  { id: 'demo07', category: 'general', app: 'com.android.settings', description: 'Search the settings for "display".',
    steps: [SETTINGS, tap({ id: 'search_src_text' }), { type: 'display' }], ess: { 2: [{ type: 'display' }], 3: [{ exact: { id: 'search_src_text', text: 'display' } }] } },
  { id: 'demo08', category: 'general', app: 'com.android.settings', description: 'Show the list of installed apps in Settings.',
    steps: [SETTINGS, tap(text('Apps'))], ess: { 2: ['activity', 'screen'] } },
  { id: 'demo09', category: 'general', app: 'com.android.settings', description: 'Open the App info page of Notes.',
    steps: [SETTINGS, tap(text('Apps')), tap(text('Notes'))], ess: { 3: [{ exact: text('com.touchstone.notes') }] } },
  { id: 'demo10', category: 'general', app: 'com.touchstone.notes', description: 'Create a note titled "Buy milk".',
    steps: [NOTES, tap({ desc: 'New note' }), { type: 'Buy milk' }, tap({ desc: 'Save' })],
    ess: { 2: [{ type: 'Buy milk' }], 4: ['activity', { exact: text('Buy milk') }] },
    alternative: { steps: [NOTES, tap({ desc: 'New note' }), { type: 'Buy milk' }, { key: 'back' }], done: true } },
  { id: 'demo11', category: 'general', app: 'com.touchstone.notes', description: 'Open the Groceries note.',
    steps: [NOTES, { longPress: text('Groceries') }], ess: { 2: ['activity', { exact: text('Milk, eggs, bread') }] } },
  { id: 'demo12', category: 'general', app: 'com.touchstone.notes', description: 'Delete the Groceries note.',
    steps: [NOTES, tap(text('Groceries')), tap({ desc: 'Delete' })], ess: { 1: ['activity', { exclude: text('Groceries') }] } },
  { id: 'demo13', category: 'general', app: 'com.touchstone.notes', description: 'Write a note "Shopping" that says "Milk & eggs, 2x!".',
    steps: [NOTES, tap({ desc: 'New note' }), { type: 'Shopping' }, tap({ id: 'note_body' }), { type: 'Milk & eggs, 2x!' }, { key: 'back' }],
    ess: { 4: [{ type: 'Milk & eggs, 2x!' }], 6: [{ exact: text('Milk & eggs, 2x!') }] } },
  { id: 'demo14', category: 'general', app: 'com.touchstone.clock', description: 'Increase the counter to 3.',
    steps: [COUNTER, tap({ desc: 'Increase' }), tap({ desc: 'Increase' }), tap({ desc: 'Increase' })], ess: { 4: [{ exact: { id: 'counter_value', text: '3' } }] },
    alternative: { steps: [COUNTER, tap({ desc: 'Increase' }), tap({ desc: 'Increase' }), tap({ desc: 'Increase' }), tap({ desc: 'Increase' }), tap({ desc: 'Decrease' })], done: true } },
  { id: 'demo15', category: 'general', app: 'com.touchstone.clock', description: 'Decrease the counter to -1.',
    steps: [COUNTER, tap({ desc: 'Decrease' })], ess: { 2: [{ exact: { id: 'counter_value', text: '-1' } }] } },
  { id: 'demo16', category: 'general', app: 'com.touchstone.clock', description: 'Count to 2, then reset the counter.',
    steps: [COUNTER, tap({ desc: 'Increase' }), tap({ desc: 'Increase' }), tap(text('Reset'))],
    ess: { 3: [{ exact: { id: 'counter_value', text: '2' } }, { click: text('Reset') }], 4: [{ exact: { id: 'counter_value', text: '0' } }] } },
  { id: 'demo17', category: 'webshopping', app: 'com.touchstone.shop', description: 'Add the Wireless Headphones to the cart.',
    steps: [SHOP, tap({ id: 'add_headphones' })], ess: { 2: ['activity', { exact: { desc: 'Cart, 1 item' } }] },
    alternative: { steps: [SHOP, tap(text('Wireless Headphones')), tap(text('Add to cart'))], done: true } },
  { id: 'demo18', category: 'webshopping', app: 'com.touchstone.shop', description: 'Search the shop for "lamp" and open the lamp.',
    steps: [SHOP, tap({ id: 'search_box' }), { type: 'lamp' }, { key: 'enter' }, tap(text('Star Night Lamp'))],
    ess: { 2: [{ type: 'lamp' }], 5: ['activity', { fuzzy: { id: 'product_description' } }] } },
  { id: 'demo19', category: 'webshopping', app: 'com.touchstone.shop', description: 'Buy a bag of coffee beans.',
    steps: [SHOP, tap(text('Coffee Beans 1 kg')), tap(text('Add to cart')), tap({ id: 'action_cart' }), tap(text('Checkout'))],
    ess: { 4: [{ click: text('Checkout') }], 5: ['activity', { ocr: 'Thank you' }] } },
  { id: 'demo20', category: 'webshopping', app: 'com.touchstone.shop', description: 'Scroll down and add the Smart Bulb to the cart.',
    steps: [SHOP, { swipe: 'up' }, tap({ id: 'add_smart_bulb' })], ess: { 2: [{ click: { id: 'add_smart_bulb' } }], 3: [{ exact: { desc: 'Cart, 1 item' } }] } },
  { id: 'demo21', category: 'webshopping', app: 'com.touchstone.shop', description: 'Mark the Phone Case as a favourite.',
    steps: [SHOP, tap(text('Phone Case')), tap({ id: 'favorite' })], ess: { 3: ['activity', { exact: { id: 'favorite' } }] } },
  { id: 'demo22', category: 'install', app: 'com.touchstone.store', description: 'Install the Weather app from the App Store.',
    steps: [STORE, tap({ id: 'install_weather' })], ess: { 2: ['activity', { installed: 'com.touchstone.weather' }] },
    alternative: { steps: [STORE, tap(text('Weather')), tap({ id: 'install' })], done: true } },
  { id: 'demo23', category: 'install', app: 'com.touchstone.store', description: 'Install Podcasts, then uninstall it again.',
    steps: [STORE, tap(text('Podcasts')), tap({ id: 'install' }), tap({ id: 'uninstall' })],
    ess: { 3: [{ exact: { id: 'uninstall' } }], 4: ['activity', { uninstalled: 'com.touchstone.podcasts' }, { exact: { id: 'install' } }] } },
  { id: 'demo24', category: 'install', app: 'com.touchstone.weather', description: 'Install the Weather app and check the weather.',
    steps: [STORE, tap({ id: 'install_weather' }), tap({ id: 'open_weather' })], ess: { 3: ['activity', 'screen', { exact: { id: 'city' } }] } },
];
