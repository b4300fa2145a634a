import type { ViewNode } from '../view';

/**
 * The demo phone's strings in German (kept small and in source). Keys are the English strings the apps
 * build with; anything not listed stays English, as untranslated strings do on a real phone.
 */
const DE: Record<string, string> = {
  'Search apps': 'Apps suchen',
  Settings: 'Einstellungen', Notes: 'Notizen', Counter: 'Zähler', Shop: 'Shop', 'App Store': 'App Store', Weather: 'Wetter', Podcasts: 'Podcasts',
  'Search settings': 'In Einstellungen suchen', 'Search': 'Suchen',
  'Network & internet': 'Netzwerk & Internet', 'Wi‑Fi, mobile data': 'WLAN, mobile Daten', 'Wi‑Fi off': 'WLAN aus', 'Wi‑Fi': 'WLAN', Off: 'Aus', On: 'An',
  'Connected devices': 'Verbundene Geräte', 'Bluetooth, pairing': 'Bluetooth, Kopplung', 'Pair new device': 'Neues Gerät koppeln',
  Apps: 'Apps', 'Recent apps, default apps': 'Zuletzt verwendete Apps, Standard-Apps', 'All apps': 'Alle Apps', 'App info': 'App-Info',
  Display: 'Display', 'Dark theme, font size, brightness': 'Dunkles Design, Schriftgröße, Helligkeit', Appearance: 'Darstellung',
  'Dark theme': 'Dunkles Design', 'Will never turn off automatically': 'Wird nie automatisch deaktiviert', 'Will never turn on automatically': 'Wird nie automatisch aktiviert',
  'Font size': 'Schriftgröße', Default: 'Standard', 'Adaptive brightness': 'Automatische Helligkeit',
  Notifications: 'Benachrichtigungen', 'Notification history, conversations': 'Benachrichtigungsverlauf, Unterhaltungen', Battery: 'Akku',
  'About phone': 'Über das Telefon', 'Device name': 'Gerätename', 'Android version': 'Android-Version', 'Build number': 'Build-Nummer',
  'Airplane mode': 'Flugmodus', 'Navigate up': 'Nach oben', Open: 'Öffnen', Uninstall: 'Deinstallieren', 'Force stop': 'Beenden erzwingen', 'App not installed': 'App nicht installiert',
  'New note': 'Neue Notiz', 'No notes yet': 'Noch keine Notizen', Note: 'Notiz', Title: 'Titel', Save: 'Speichern', Delete: 'Löschen', 'Edit note': 'Notiz bearbeiten',
  'Search notes': 'Notizen durchsuchen', Untitled: 'Ohne Titel', Increase: 'Erhöhen', Decrease: 'Verringern', Reset: 'Zurücksetzen', Count: 'Anzahl', 'Current time': 'Aktuelle Uhrzeit',
  'Add to cart': 'In den Warenkorb', Cart: 'Warenkorb', Checkout: 'Zur Kasse', 'Continue shopping': 'Weiter einkaufen', 'Order placed': 'Bestellung aufgegeben',
  'Search products': 'Produkte suchen', Total: 'Summe', 'Your cart is empty': 'Ihr Warenkorb ist leer', Add: 'Hinzufügen',
  Install: 'Installieren', Installed: 'Installiert', 'Recommended for you': 'Empfehlungen für dich', 'About this app': 'Über diese App', 'More options': 'Weitere Optionen',
};

const TABLES: Record<string, Record<string, string>> = { de: DE };

/** Languages with a string table (the part of the locale before `-`). */
export const TRANSLATED_LANGUAGES = Object.keys(TABLES);

/** The string as the phone shows it in `locale` (unchanged for English and for strings without a translation). */
export function translate(locale: string, s: string): string {
  const table = TABLES[locale.split(/[-_]/)[0]!.toLowerCase()];
  return table?.[s] ?? s;
}

/** Translates every node's text and content-desc (strings the apps built without the builder's help). */
export function translateTree(locale: string, root: ViewNode): void {
  if (!TABLES[locale.split(/[-_]/)[0]!.toLowerCase()]) return;
  const visit = (n: ViewNode): void => {
    if (n.text) n.text = translate(locale, n.text);
    if (n.desc) n.desc = translate(locale, n.desc);
    if (n.paint?.kind === 'edit' && n.paint.hint) n.paint = { ...n.paint, hint: translate(locale, n.paint.hint) };
    n.children.forEach(visit);
  };
  visit(root);
}
