import type { ShellHost } from '../types';

/**
 * The geometry reports of Android 12 (API 31), from the same display state the screenshot and the dump use:
 * `dumpsys display` (DisplayManagerService: viewports, DisplayDeviceInfo, LogicalDisplay base/override
 * DisplayInfo), `dumpsys input` (InputReader's TouchInputMapper: viewport, surface, SurfaceOrientation),
 * `dumpsys power` and the DisplayRotation block of `dumpsys window` (field names as in the fixture
 * ../shared/fixtures/dumpsys/Healer-s+Healer__dumpsys_activity.txt; the rest follow AOSP android-12.0.0_r1
 * dump() methods: DisplayViewport.toString, DisplayInfo.toString, TouchInputMapper::dump).
 */
const UNIQUE_ID = 'local:4619827259835644672';

/**
 * pw x ph: the panel (DisplayDeviceInfo, mBaseDisplayInfo; `wm size` leaves it alone); lw x lh: the logical display
 * (the `wm size` override, turned: mOverrideDisplayInfo, logicalFrame); dw x dh and frame: the turned panel and
 * where the logical display lands on it (physicalFrame, deviceWidth/Height).
 */
interface Geometry { rot: number; pw: number; ph: number; lw: number; lh: number; dw: number; dh: number; fx: number; fy: number; fw: number; fh: number; frame: string; dpi: number }

function geometry(host: ShellHost): Geometry {
  const d = host.display;
  const p = d.panel();
  const l = d.logical();
  const v = d.viewport();
  const f = v.frame;
  const dpi = Number(host.props.get('vd.wm.density') ?? host.world().density);
  return { rot: d.rotation(), pw: p.width, ph: p.height, lw: l.width, lh: l.height, dw: v.device.width, dh: v.device.height, fx: f.x1, fy: f.y1, fw: f.x2 - f.x1, fh: f.y2 - f.y1, frame: `${f.x1}, ${f.y1}, ${f.x2}, ${f.y2}`, dpi };
}

function displayInfo(g: Geometry, override: boolean): string {
  const [w, h] = override ? [g.lw, g.lh] : [g.pw, g.ph];
  return `DisplayInfo{"Built-in Screen", displayId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real ${w} x ${h}, largest app ${Math.max(w, h)} x ${Math.max(w, h)}, smallest app ${Math.min(w, h)} x ${Math.min(w, h)}, appVsyncOff 1000000, presDeadline 16666666, mode 1, defaultMode 1, modes [{id=1, width=${g.pw}, height=${g.ph}, fps=60.0, alternativeRefreshRates=[]}], hdrCapabilities HdrCapabilities{mSupportedHdrTypes=[], mMaxLuminance=500.0, mMaxAverageLuminance=500.0, mMinLuminance=0.0}, userDisabledHdrTypes [], minimalPostProcessingSupported false, rotation ${override ? g.rot : 0}, state ON, type INTERNAL, uniqueId "${UNIQUE_ID}", app ${w} x ${h}, density ${g.dpi} (${g.dpi}.0 x ${g.dpi}.0) dpi, layerStack 0, colorMode 0, supportedColorModes [0], address {port=0, physicalDisplayId=4619827259835644672}, deviceProductInfo DeviceProductInfo{name=, manufacturerPnpId=GGL, productId=1, modelYear=null, manufactureDate=ManufactureDate{week=27, year=2006}, connectionToSinkType=0}, removeMode 0, refreshRateOverride 0.0, brightnessMinimum 0.0, brightnessMaximum 1.0, brightnessDefault 0.39763778, installOrientation ROTATION_0}`;
}

export function displayDump(host: ShellHost): string {
  const g = geometry(host);
  const viewport = `DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, uniqueId='${UNIQUE_ID}', physicalPort=0, orientation=${g.rot}, logicalFrame=Rect(0, 0 - ${g.lw}, ${g.lh}), physicalFrame=Rect(${g.fx}, ${g.fy} - ${g.fx + g.fw}, ${g.fy + g.fh}), deviceWidth=${g.dw}, deviceHeight=${g.dh}}`;
  return [
    'DISPLAY MANAGER (dumpsys display)',
    '  mOnlyCode=false',
    '  mSafeMode=false',
    '  mPendingTraversal=false',
    '  mGlobalDisplayState=ON',
    '  mNextNonDefaultDisplayId=1',
    `  mViewports=[${viewport}]`,
    '  mDefaultDisplayDefaultColorMode=0',
    '  mWifiDisplayScanRequestCount=0',
    `  mStableDisplaySize=Point(${g.pw}, ${g.ph})`,
    '',
    'Display Adapters: size=1',
    '  LocalDisplayAdapter',
    '',
    'Display Devices: size=1',
    `  DisplayDeviceInfo{"Built-in Screen": uniqueId="${UNIQUE_ID}", ${g.pw} x ${g.ph}, modeId 1, defaultModeId 1, supportedModes [{id=1, width=${g.pw}, height=${g.ph}, fps=60.0, alternativeRefreshRates=[]}], colorMode 0, supportedColorModes [0], hdrCapabilities HdrCapabilities{mSupportedHdrTypes=[], mMaxLuminance=500.0, mMaxAverageLuminance=500.0, mMinLuminance=0.0}, allmSupported false, gameContentTypeSupported false, density ${g.dpi}, ${g.dpi}.0 x ${g.dpi}.0 dpi, appVsyncOff 1000000, presDeadline 16666666, touch INTERNAL, rotation 0, type INTERNAL, address {port=0, physicalDisplayId=4619827259835644672}, deviceProductInfo DeviceProductInfo{name=, manufacturerPnpId=GGL, productId=1, modelYear=null, manufactureDate=ManufactureDate{week=27, year=2006}, connectionToSinkType=0}, state ON, frameRateOverride , brightnessMinimum 0.0, brightnessMaximum 1.0, brightnessDefault 0.39763778, FLAG_ALLOWED_TO_BE_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, installOrientation 0}`,
    '',
    'Logical Displays: size=1',
    '  Display 0:',
    '    mDisplayId=0',
    '    mPhase=1',
    '    mLayerStack=0',
    '    mHasContent=true',
    `    mDesiredDisplayModeSpecs={baseModeId=1 allowGroupSwitching=false primaryRefreshRateRange=[60 60] appRequestRefreshRateRange=[60 60]}`,
    '    mRequestedColorMode=0',
    `    mDisplayOffset=(0, 0)`,
    `    mDisplayScalingDisabled=false`,
    `    mPrimaryDisplayDevice=Built-in Screen`,
    `    mBaseDisplayInfo=${displayInfo(g, false)}`,
    `    mOverrideDisplayInfo=${displayInfo(g, true)}`,
    '',
  ].join('\n');
}

export function inputDump(host: ShellHost): string {
  const g = geometry(host);
  const showTouches = host.settings.get('system:show_touches') === '1';
  return [
    'INPUT MANAGER (dumpsys input)',
    '',
    'Input Manager State:',
    '  Interactive: true',
    '  System UI Lights Out: false',
    `  Pointer Speed: ${host.settings.get('system:pointer_speed') ?? '0'}`,
    '  Pointer Gestures Enabled: true',
    `  Show Touches: ${showTouches}`,
    '  Pointer Capture: Disabled, seq=0',
    '',
    'Input Reader State (Nums of device: 1):',
    '  Device 2: virtio_input_multi_touch_7',
    '    EventHub Devices: [ 2 ] ',
    '    Generation: 11',
    '    IsExternal: false',
    '    AssociatedDisplayPort: <none>',
    '    AssociatedDisplayUniqueId: <none>',
    '    HasMic:     false',
    '    Sources: 0x00001002',
    '    KeyboardType: 0',
    '    ControllerNum: 0',
    '    Motion Ranges:',
    `      X: source=0x00001002, min=0.000, max=${g.lw - 1}.000, flat=0.000, fuzz=0.000, resolution=0.000`,
    `      Y: source=0x00001002, min=0.000, max=${g.lh - 1}.000, flat=0.000, fuzz=0.000, resolution=0.000`,
    '    Touch Input Mapper (mode - DIRECT):',
    '      Parameters:',
    '        GestureMode: MULTI_TOUCH',
    '        DeviceType: TOUCH_SCREEN',
    "        AssociatedDisplay: hasAssociatedDisplay=true, isExternal=false, displayId=''",
    '        OrientationAware: true',
    `      Viewport INTERNAL: displayId=0, uniqueId=${UNIQUE_ID}, port=0, orientation=${g.rot}, logicalFrame=[0, 0, ${g.lw}, ${g.lh}], physicalFrame=[${g.frame}], deviceSize=[${g.dw}, ${g.dh}], isActive=[1]`,
    `      RawSurfaceWidth: ${g.lw}px`,
    `      RawSurfaceHeight: ${g.lh}px`,
    '      SurfaceLeft: 0',
    '      SurfaceTop: 0',
    `      SurfaceRight: ${g.lw}`,
    `      SurfaceBottom: ${g.lh}`,
    `      PhysicalWidth: ${g.fw}px`,
    `      PhysicalHeight: ${g.fh}px`,
    `      PhysicalLeft: ${g.fx}`,
    `      PhysicalTop: ${g.fy}`,
    `      SurfaceOrientation: ${g.rot}`,
    '',
  ].join('\n');
}

export function powerDump(host: ShellHost): string {
  const timeout = host.settings.get('system:screen_off_timeout') ?? '60000';
  return [
    'POWER MANAGER (dumpsys power)',
    '',
    'Power Manager State:',
    '  mDirty=0x0',
    '  mWakefulness=Awake',
    '  mWakefulnessChanging=false',
    '  mIsPowered=true',
    '  mPlugType=1',
    '  mBatteryLevel=100',
    '  mDockState=0',
    '  mStayOn=true',
    '  mProximityPositive=false',
    '  mBootCompleted=true',
    '  mSystemReady=true',
    '  mHalAutoSuspendModeEnabled=false',
    '  mHalInteractiveModeEnabled=true',
    '  mWakeLockSummary=0x0',
    '  mUserActivitySummary=0x1',
    '  mRequestWaitForNegativeProximity=false',
    '  mSandmanScheduled=false',
    '  mBatteryLevelLow=false',
    '  mLightDeviceIdleMode=false',
    '  mDeviceIdleMode=false',
    '  mScreenBrightnessBoostInProgress=false',
    '  mHoldingWakeLockSuspendBlocker=false',
    '  mHoldingDisplaySuspendBlocker=true',
    '',
    'Settings and Configuration:',
    `  mScreenOffTimeoutSetting=${timeout}`,
    `  mStayOnWhilePluggedInSetting=${host.settings.get('global:stay_on_while_plugged_in') ?? '0'}`,
    '',
    'Display Power: state=ON',
    '',
  ].join('\n');
}

/** `DisplayRotation` of `dumpsys window` (display contents): where AndroidWorld greps `mCurrentRotation`. */
export function rotationLines(host: ShellHost): string[] {
  const rot = host.display.rotation();
  const auto = host.settings.get('system:accelerometer_rotation') === '1';
  return [
    '  DisplayRotation',
    '    mCurrentAppOrientation=SCREEN_ORIENTATION_UNSPECIFIED',
    '    mLastOrientation=-1',
    `    mRotation=${rot} mDeferredRotationPauseCount=0`,
    '    mLandscapeRotation=ROTATION_90 mSeascapeRotation=ROTATION_270',
    '    mPortraitRotation=ROTATION_0 mUpsideDownRotation=ROTATION_180',
    '    mSupportAutoRotation=true',
    '    WindowOrientationListener',
    `      mEnabled=${auto}`,
    `      mCurrentRotation=ROTATION_${rot * 90}`,
    `    mUserRotationMode=${auto ? 'USER_ROTATION_FREE' : 'USER_ROTATION_LOCKED'} mUserRotation=ROTATION_${Number(host.settings.get('system:user_rotation') ?? 0) * 90} mCameraRotationMode=0`,
  ];
}
