import { LATIN_IME } from './shell/commands/ime';

/**
 * The settings tables of a freshly set-up Android 12 phone (`settings list system|secure|global` on an
 * API 31 Pixel image), trimmed to the keys agent harnesses read or write: AndroidWorld reads the whole
 * tables (`zen_duration`, `airplane_mode_on`, ...), adbutils the brightness keys, android_env the rotation.
 */
const DEFAULTS: Record<'system' | 'secure' | 'global', Record<string, string>> = {
  system: {
    accelerometer_rotation: '0', alarm_alert: 'content://media/internal/audio/media/10?title=Argon&canonical=1',
    dim_screen: '1', dtmf_tone: '1', font_scale: '1.0', haptic_feedback_enabled: '1', hearing_aid: '0',
    lockscreen_sounds_enabled: '1', mode_ringer_streams_affected: '422', mute_streams_affected: '111',
    notification_sound: 'content://media/internal/audio/media/62?title=Pixie%20Dust&canonical=1', pointer_speed: '0',
    ringtone: 'content://media/internal/audio/media/108?title=The%20Big%20Adventure&canonical=1',
    screen_brightness: '102', screen_brightness_mode: '0', screen_off_timeout: '60000', sound_effects_enabled: '1',
    time_12_24: '24', user_rotation: '0', vibrate_when_ringing: '0', volume_alarm: '6', volume_music: '5', volume_ring: '5',
  },
  secure: {
    accessibility_display_inversion_enabled: '0', android_id: '5f0e3c2a9b7d4e18', backup_enabled: '0',
    charging_sounds_enabled: '1', default_input_method: LATIN_IME, double_tap_to_wake: '1', enabled_input_methods: LATIN_IME,
    immersive_mode_confirmations: 'confirmed', location_mode: '3', lock_screen_allow_private_notifications: '1',
    'lockscreen.disabled': '1', screensaver_enabled: '0', selected_input_method_subtype: '-1', show_ime_with_hard_keyboard: '0',
    skip_first_use_hints: '1', sleep_timeout: '-1', ui_night_mode: '1', user_setup_complete: '1', zen_duration: '0',
  },
  global: {
    adb_enabled: '1', airplane_mode_on: '0', airplane_mode_radios: 'cell,bluetooth,uwb,wifi,wimax', animator_duration_scale: '1.0',
    auto_time: '1', auto_time_zone: '1', bluetooth_on: '0', boot_count: '1', call_auto_retry: '0', data_roaming: '0',
    development_settings_enabled: '1', device_name: 'Touchstone Virtual Phone', device_provisioned: '1',
    heads_up_notifications_enabled: '1', mobile_data: '1', mode_ringer: '2', network_recommendations_enabled: '0',
    stay_on_while_plugged_in: '7', theater_mode_on: '0', transition_animation_scale: '1.0', usb_mass_storage_enabled: '1',
    wifi_on: '1', wifi_scan_always_enabled: '0', wifi_sleep_policy: '2', window_animation_scale: '1.0', zen_mode: '0',
  },
};

/** `namespace:key` -> value, the device's settings table at boot. */
export function defaultSettings(): Map<string, string> {
  return new Map(Object.entries(DEFAULTS).flatMap(([ns, kv]) => Object.entries(kv).map(([k, v]) => [`${ns}:${k}`, v] as [string, string])));
}
