//! Harness for the end-to-end tests of the built app: starts `tauri-driver` (which
//! starts `WebKitWebDriver`, which starts the app) and opens a WebDriver session.
//!
//! The app under test is `$CRAB_CANON_APP` (scripts/test.sh points it at the release
//! binary with the embedded UI). Each test gives the app a private home for its data
//! (`XDG_DATA_HOME` and friends), so tests never touch the user's saved games and two
//! instances in one test share the same app data directory.

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub mod chess;
pub mod surface;

/// Identifier of the app (`tauri.conf.json`), which names its data directory.
pub const APP_IDENTIFIER: &str = "dev.crabcanon.app";

/// How long to wait for the UI to show something before failing.
pub const UI_TIMEOUT: Duration = Duration::from_secs(20);

/// The built app to test.
pub fn app_binary() -> PathBuf {
    let path = std::env::var_os("CRAB_CANON_APP")
        .map(PathBuf::from)
        .expect(
        "CRAB_CANON_APP must name the built app; run the end-to-end tests through scripts/test.sh",
    );
    assert!(
        path.is_file(),
        "CRAB_CANON_APP={} does not exist; build the app first (scripts/test.sh)",
        path.display()
    );
    path
}

/// A private home for one test's app data, removed afterwards.
pub struct AppHome {
    root: PathBuf,
}

impl AppHome {
    /// An empty home named after the test.
    pub fn new(label: &str) -> Self {
        let root =
            std::env::temp_dir().join(format!("crab-canon-e2e-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("create the test's home");
        Self { root }
    }

    /// The app data directory the app uses under this home.
    pub fn app_data_dir(&self) -> PathBuf {
        self.root.join("data").join(APP_IDENTIFIER)
    }

    /// A folder beside the app data for the files a player exports and opens (created).
    pub fn shared_files_dir(&self) -> PathBuf {
        let dir = self.app_data_dir().with_file_name("shared-files");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Points the data, config and cache directories of what `command` starts here.
    pub fn apply_to(&self, command: &mut Command) {
        command
            .env("XDG_DATA_HOME", self.root.join("data"))
            .env("XDG_CONFIG_HOME", self.root.join("config"))
            .env("XDG_CACHE_HOME", self.root.join("cache"));
    }
}

impl Drop for AppHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A running `tauri-driver`, stopped with SIGTERM on drop (SIGKILL would orphan
/// WebKitWebDriver, which keeps the test's pipes open and hangs the run).
pub struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    /// Starts `tauri-driver` on free ports, with the app's data under `home`.
    pub fn start(home: &AppHome) -> Self {
        Self::start_with_env(home, &[])
    }

    /// Like [`Driver::start`], with extra environment variables for the apps it launches
    /// (such as `CRAB_CANON_THINK_MS`).
    pub fn start_with_env(home: &AppHome, env: &[(&str, &str)]) -> Self {
        let port = free_port();
        let native_port = free_port();
        let mut command = Command::new("tauri-driver");
        command
            .args([
                "--port",
                &port.to_string(),
                "--native-port",
                &native_port.to_string(),
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null());
        home.apply_to(&mut command);
        command.envs(env.iter().copied());
        let child = command
            .spawn()
            .expect("tauri-driver not found: scripts/setup.sh installs it");
        let driver = Self { child, port };
        wait_for_port(port);
        driver
    }

    /// Opens a WebDriver session, which launches a new instance of the app.
    pub async fn launch(&self, app: &Path) -> Client {
        self.launch_with_args(app, &[]).await
    }

    /// Launches the app with command-line arguments, as a desktop does when the player
    /// opens a file with it.
    pub async fn launch_with_args(&self, app: &Path, args: &[&str]) -> Client {
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("browserName".into(), "wry".into());
        capabilities.insert(
            "tauri:options".into(),
            serde_json::json!({ "application": app, "args": args }),
        );
        ClientBuilder::native()
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("tauri-driver refused the session: is the app built and the display set?")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a test starts the app with, beyond its home: environment variables for the app
/// (such as `CRAB_CANON_THINK_MS`) and command-line arguments (a file to open).
#[derive(Debug, Default, Clone, Copy)]
pub struct Launch<'a> {
    /// Extra environment variables of the app.
    pub env: &'a [(&'a str, &'a str)],
    /// The app's command-line arguments.
    pub args: &'a [&'a str],
}

/// The common preamble of every test, as one fixture: `tauri-driver` with the app's data
/// under the test's home, the built app launched in a WebDriver session, and optionally a
/// game opened from the home screen. Derefs to the session's [`Client`], so every DOM
/// helper takes `&app`. [`TestApp::close`] ends the app and its driver, so a restart on
/// the same home starts a fresh instance.
pub struct TestApp {
    client: Client,
    // Dropped after the session is closed: stopping the driver ends the app.
    _driver: Driver,
    // The instance lock the app takes in its data directory.
    lock_file: PathBuf,
}

impl TestApp {
    /// Launches the app in `home` and opens `game` (its `data-game` on the home screen).
    pub async fn open(home: &AppHome, game: &str) -> Self {
        Self::open_with(home, game, Launch::default()).await
    }

    /// Like [`TestApp::open`], with extra environment variables or arguments.
    pub async fn open_with(home: &AppHome, game: &str, launch: Launch<'_>) -> Self {
        let app = Self::launch(home, launch).await;
        open_game(&app, game).await;
        app
    }

    /// Launches the app in `home` and leaves it where it starts (the home screen, or the
    /// game of a file named in `launch.args`).
    pub async fn launch(home: &AppHome, launch: Launch<'_>) -> Self {
        let driver = Driver::start_with_env(home, launch.env);
        let client = driver.launch_with_args(&app_binary(), launch.args).await;
        let lock_file = home.app_data_dir().join("instance.lock");
        *open_apps().entry(lock_file.clone()).or_default() += 1;
        Self {
            client,
            _driver: driver,
            lock_file,
        }
    }

    /// Closes the app's window and stops its driver.
    /// When it was the last app open on its home, returns only once the app has released
    /// its instance lock, so an app started next on the same home is the primary instance
    /// (one still exiting would make it a secondary, which never saves).
    pub async fn close(self) {
        let Self {
            client,
            _driver,
            lock_file,
        } = self;
        client.close().await.expect("close the app");
        let others_open = {
            let mut open = open_apps();
            let count = open.entry(lock_file.clone()).or_default();
            *count = count.saturating_sub(1);
            *count > 0
        };
        // The driver stays up until the app has gone: stopping it while WebKitWebDriver
        // is still closing the window (slow on a loaded machine) leaves the app running.
        if !others_open {
            wait_for_lock_release(&lock_file);
        }
        drop(_driver);
    }
}

impl std::ops::Deref for TestApp {
    type Target = Client;

    fn deref(&self) -> &Client {
        &self.client
    }
}

/// How many apps each home's instance lock has open (a test may run two at once).
fn open_apps() -> std::sync::MutexGuard<'static, std::collections::HashMap<PathBuf, usize>> {
    static OPEN: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<PathBuf, usize>>> =
        std::sync::OnceLock::new();
    OPEN.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn wait_for_lock_release(lock_file: &Path) {
    let Ok(file) = std::fs::OpenOptions::new().write(true).open(lock_file) else {
        // No lock file: the app never took the lock (it had no data directory yet).
        return;
    };
    // A closing WebKit app can take many seconds to exit on a machine loaded by builds
    // (20 s was seen to be too short at load average 16).
    let deadline = Instant::now() + Duration::from_secs(90);
    while file.try_lock().is_err() {
        assert!(
            Instant::now() < deadline,
            "the closed app still holds {} after 90 s",
            lock_file.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = file.unlock();
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("no free local port")
}

fn wait_for_port(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "tauri-driver did not listen on port {port}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// JavaScript that defines `differingBytes(gl, redrawWhole)`: reads the canvas's drawing
/// buffer as the last frame left it, redraws the scene whole with `redrawWhole()`, reads it
/// again and counts the bytes that differ. The 3D views' partial frames must give 0, which
/// shows the webview keeps the drawing buffer as they need.
pub const FRAME_CHECK_JS: &str = "const differingBytes = (gl, redrawWhole) => { \
    const read = () => { \
      const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4); \
      gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels); \
      return pixels; \
    }; \
    const drawn = read(); \
    redrawWhole(); \
    const full = read(); \
    let differing = 0; \
    for (let i = 0; i < full.length; i += 1) if (drawn[i] !== full[i]) differing += 1; \
    return differing; \
  }; ";

/// The mean colour (red, green, blue) of the `size`×`size` patch at (`x`, `y`) inside the
/// element matching `css`, as the virtual display shows it: what WebKitGTK painted, for
/// the styles whose rendering differs between engines. (ImageMagick's `import` of the X
/// root window, as [`screenshot`]: WebKitWebDriver's element screenshot never answered
/// here.)
pub async fn patch_colour(client: &Client, css: &str, x: u32, y: u32, size: u32) -> [u32; 3] {
    wait_css(client, css).await;
    let place = client
        .execute(
            "const box = document.querySelector(arguments[0]).getBoundingClientRect(); \
             return [Math.round(window.screenX + box.left), Math.round(window.screenY + box.top), \
                     Math.floor(box.width), Math.floor(box.height), window.devicePixelRatio];",
            vec![css.into()],
        )
        .await
        .expect("the element's place on the screen");
    let number = |i: usize| place[i].as_f64().expect("a number");
    assert_eq!(number(4), 1.0, "a pixel ratio of 1 under Xvfb");
    assert!(
        f64::from(x + size) <= number(2) && f64::from(y + size) <= number(3),
        "the patch is inside {css}: {place:?}"
    );
    let crop = format!(
        "{size}x{size}+{}+{}",
        number(0) as u32 + x,
        number(1) as u32 + y
    );
    let output = Command::new("import")
        .args(["-window", "root", "-crop", &crop, "-depth", "8", "rgb:-"])
        .output()
        .expect("ImageMagick's import (scripts/setup.sh installs imagemagick)");
    assert!(output.status.success(), "import failed to read the display");
    let pixels = output.stdout;
    assert_eq!(
        pixels.len(),
        (size * size * 3) as usize,
        "raw RGB of the patch"
    );
    let mut sum = [0u32; 3];
    for pixel in pixels.chunks_exact(3) {
        for (total, sample) in sum.iter_mut().zip(pixel) {
            *total += u32::from(*sample);
        }
    }
    sum.map(|total| total / (size * size))
}

/// The element with `data-testid` equal to `id`, waiting for it to appear.
pub async fn by_test_id(client: &Client, id: &str) -> Element {
    wait_css(client, &format!("[data-testid=\"{id}\"]")).await
}

/// The first element matching the CSS selector, waiting for it to appear.
pub async fn wait_css(client: &Client, css: &str) -> Element {
    client
        .wait()
        .at_most(UI_TIMEOUT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|error| panic!("no element matches {css} within {UI_TIMEOUT:?}: {error}"))
}

/// Waits until the text of the element with test id `id` satisfies `check`, returning it.
pub async fn wait_text(client: &Client, id: &str, check: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + UI_TIMEOUT;
    let mut last = String::new();
    while Instant::now() < deadline {
        if let Ok(element) = client
            .find(Locator::Css(&format!("[data-testid=\"{id}\"]")))
            .await
        {
            if let Ok(text) = element.text().await {
                if check(&text) {
                    return text;
                }
                last = text;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("text of [data-testid={id}] never matched; last seen: {last:?}");
}

/// Saves a picture of the virtual display under `tests/artifacts/` for people to look at.
/// (ImageMagick's `import` of the X root window: WebKitWebDriver's own screenshots can
/// show a frame several steps old.) The client argument keeps call sites explicit about
/// which window was just driven.
pub async fn screenshot(_client: &Client, name: &str) {
    // Painting lags the DOM on a loaded machine: give the last change time to show.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("artifacts");
    std::fs::create_dir_all(&dir).expect("create tests/artifacts");
    let status = Command::new("import")
        .args(["-window", "root"])
        .arg(dir.join(format!("{name}.png")))
        .status()
        .expect("ImageMagick's import (scripts/setup.sh installs imagemagick)");
    assert!(status.success(), "import failed to capture the display");
}

/// WebDriver key codes (W3C WebDriver, "Keyboard actions").
pub mod keys {
    /// The Escape key.
    pub const ESCAPE: &str = "\u{E00C}";
    /// The left arrow key.
    pub const LEFT: &str = "\u{E012}";
}

/// Opens `game` from the home screen (its button's `data-game`; its screen's test id is
/// `<game>-screen`).
pub async fn open_game(client: &Client, game: &str) {
    wait_css(client, &format!("button[data-game=\"{game}\"]"))
        .await
        .click()
        .await
        .unwrap_or_else(|error| panic!("open {game}: {error}"));
    by_test_id(client, &format!("{game}-screen")).await;
}

/// Opens the TimeGo screen from the home screen.
pub async fn open_timego(client: &Client) {
    open_game(client, "timego").await;
}

/// Clicks the intersection `point` of the board, as a player would: on its hit area,
/// the cell-sized square around the intersection.
///
/// WebKitWebDriver places its element clicks on SVG shapes by their unscaled coordinates,
/// which misses on a scaled board, so this clicks with the pointer at the centre of the
/// point's on-screen box instead, after scrolling it into view (a board below the fold,
/// Starts a new `size` × `size` game through the new-game menu and waits for its board.
pub async fn start_new_game(client: &Client, size: u8) {
    by_test_id(client, "new-game").await.click().await.unwrap();
    let dialog = by_test_id(client, "new-game-dialog").await;
    dialog
        .find(Locator::XPath(&format!(
            ".//*[contains(text(), '{size} × {size}')]"
        )))
        .await
        .expect("the size option")
        .click()
        .await
        .unwrap();
    by_test_id(client, "start-game")
        .await
        .click()
        .await
        .unwrap();
    wait_css(client, &format!("svg.board[data-size=\"{size}\"]")).await;
    wait_gone(client, "[data-testid=\"new-game-dialog\"][open]").await;
}

/// Switches the TimeGo screen to Time mode (the mode switch's "Time" option).
pub async fn choose_time_mode(client: &Client) {
    client
        .find(Locator::XPath(
            "//*[@role='radiogroup']//*[normalize-space(text())='Time']",
        ))
        .await
        .expect("the Time mode")
        .click()
        .await
        .unwrap();
}

/// as in the tutorial's layout, would be out of the pointer's reach).
pub async fn click_point(client: &Client, point: usize) {
    click_centre(
        client,
        &format!("svg.board [data-point=\"{point}\"] rect.hit"),
    )
    .await;
}

/// Runs `script` in the page with `element` as `arguments[0]` (and `more` after it) and
/// returns its result: for what WebDriver has no command of its own, such as scrolling a
/// dialog's overflow, focusing, or announcing a change the driver made silently.
pub async fn run_on(
    client: &Client,
    element: &Element,
    script: &str,
    more: Vec<serde_json::Value>,
) -> serde_json::Value {
    let mut arguments = vec![serde_json::to_value(element).expect("element reference")];
    arguments.extend(more);
    client
        .execute(script, arguments)
        .await
        .unwrap_or_else(|error| panic!("run {script:?}: {error:?}"))
}

/// Clicks the centre of the on-screen box of the first element matching `css` with the
/// pointer, after scrolling it into view (see [`click_point`] for why not an element click).
pub async fn click_centre(client: &Client, css: &str) {
    let element = wait_css(client, css).await;
    let centre = run_on(
        client,
        &element,
        "arguments[0].scrollIntoView({block: 'center', inline: 'center'}); \
         const r = arguments[0].getBoundingClientRect(); \
         return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];",
        Vec::new(),
    )
    .await;
    let (x, y) = (centre[0].as_f64().unwrap(), centre[1].as_f64().unwrap());
    click_at(client, x, y).await;
}

/// Clicks the page at (`x`, `y`) (CSS pixels, rounded) with the pointer: a press and a
/// release where a person would click, for canvases and boards that are not elements.
pub async fn click_at(client: &Client, x: f64, y: f64) {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
    let click = MouseActions::new("pointer".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x: x.round(),
            y: y.round(),
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client
        .perform_actions(click)
        .await
        .unwrap_or_else(|error| panic!("click at ({x}, {y}): {error:?}"));
    client.release_actions().await.expect("release the pointer");
}

/// Clicks the first element matching `css`, waiting while a closing dialog or a fading
/// overlay still covers it.
pub async fn click_when_free(client: &Client, css: &str) {
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        match wait_css(client, css).await.click().await {
            Ok(()) => return,
            Err(fantoccini::error::CmdError::Standard(error))
                if error.error == fantoccini::error::ErrorStatus::ElementClickIntercepted
                    && Instant::now() < deadline =>
            {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(error) => panic!("click {css}: {error:?}"),
        }
    }
}

/// The colour code (0 empty, 1 black, 2 white) of every point, as the board shows it.
pub async fn board_colors(client: &Client) -> Vec<u8> {
    let points = client
        .find_all(Locator::Css("svg.board [data-point]"))
        .await
        .expect("board points");
    let mut colors = Vec::with_capacity(points.len());
    for point in points {
        let color = point.attr("data-color").await.expect("data-color");
        colors.push(
            color
                .and_then(|c| c.parse().ok())
                .expect("numeric data-color"),
        );
    }
    colors
}

/// Waits until the turn line says `player` ("Black" or "White") is to move.
pub async fn wait_turn(client: &Client, player: &str) {
    let expected = format!("{player} to move");
    wait_text(client, "turn", |text| text.contains(&expected)).await;
}

/// Number of elements matching `css`.
pub async fn count(client: &Client, css: &str) -> usize {
    client
        .find_all(Locator::Css(css))
        .await
        .map(|elements| elements.len())
        .unwrap_or(0)
}

/// The value of attribute `name` of the first element matching `css`.
pub async fn attr(client: &Client, css: &str, name: &str) -> Option<String> {
    wait_css(client, css)
        .await
        .attr(name)
        .await
        .expect("read attribute")
}

/// Waits until `css` matches nothing.
pub async fn wait_gone(client: &Client, css: &str) {
    let deadline = Instant::now() + UI_TIMEOUT;
    while count(client, css).await > 0 {
        assert!(
            Instant::now() < deadline,
            "{css} still shown after {UI_TIMEOUT:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Presses and releases `key` (a WebDriver key code such as `Key::Left`'s).
pub async fn press(client: &Client, key: char) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    client
        .perform_actions(keys)
        .await
        .unwrap_or_else(|error| panic!("press {key:?}: {error:?}"));
    client.release_actions().await.expect("release the keys");
}

/// Sets a text field's value as a paste does, so the page sees the input.
pub async fn paste_into(client: &Client, test_id: &str, text: &str) {
    let field = by_test_id(client, test_id).await;
    run_on(
        client,
        &field,
        "arguments[0].value = arguments[1]; \
         arguments[0].dispatchEvent(new Event('input', { bubbles: true }));",
        vec![text.into()],
    )
    .await;
}

/// Presses `key` with Control held (and Shift too when `shift`), as a player's shortcut.
pub async fn press_ctrl(client: &Client, key: char, shift: bool) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    use fantoccini::key::Key;
    let mut keys = KeyActions::new("keyboard".into()).then(KeyAction::Down {
        value: Key::Control.into(),
    });
    if shift {
        keys = keys.then(KeyAction::Down {
            value: Key::Shift.into(),
        });
    }
    keys = keys
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    if shift {
        keys = keys.then(KeyAction::Up {
            value: Key::Shift.into(),
        });
    }
    keys = keys.then(KeyAction::Up {
        value: Key::Control.into(),
    });
    client
        .perform_actions(keys)
        .await
        .unwrap_or_else(|error| panic!("press Control+{key}: {error:?}"));
    client.release_actions().await.expect("release the keys");
}

/// The text of the file at `path` (the test fails, naming it, if it cannot be read).
pub fn read_text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Answers the file dialog titled `title` with `path` from a blocking thread (`xdotool`
/// waits for the window), so the app keeps being driven meanwhile.
pub async fn answer_file_dialog_later(title: &'static str, path: &Path, saving: bool) {
    let path = path.to_path_buf();
    tokio::task::spawn_blocking(move || answer_file_dialog(title, &path, saving))
        .await
        .expect("the dialog answer");
}

/// Clicks the button with test id `button`, which opens the file dialog titled `title`,
/// and answers it with `path`.
pub async fn through_file_dialog(
    client: &Client,
    button: &str,
    title: &'static str,
    path: &Path,
    saving: bool,
) {
    click_when_free(client, &format!("[data-testid=\"{button}\"]")).await;
    answer_file_dialog_later(title, path, saving).await;
}

/// Chooses `option` of the radio group labelled `group` in the new-game dialog.
pub async fn choose_in_new_game(client: &Client, group: &str, option: &str) {
    let dialog = by_test_id(client, "new-game-dialog").await;
    dialog
        .find(Locator::XPath(&format!(
            ".//*[@role='radiogroup'][@aria-label='{group}']//*[contains(text(), '{option}')]"
        )))
        .await
        .unwrap_or_else(|_| panic!("{group}: {option}"))
        .click()
        .await
        .unwrap();
}

/// Answers the operating system's file dialog titled `title` with `path`, as a player
/// would: the GTK file chooser is found on the display with `xdotool`, focused, given
/// the path by keyboard (Control+L opens its location entry; in a save dialog the name
/// entry is already focused and takes a whole path) and confirmed with Enter.
pub fn answer_file_dialog(title: &str, path: &Path, saving: bool) {
    let window = wait_for_window(title);
    let xdotool = |args: &[&str]| {
        let status = Command::new("xdotool")
            .args(args)
            .status()
            .expect("xdotool (scripts/setup.sh installs it)");
        assert!(status.success(), "xdotool {args:?} failed");
    };
    xdotool(&["windowfocus", "--sync", &window]);
    // GTK builds the chooser's widgets after mapping the window: let it settle.
    std::thread::sleep(Duration::from_millis(800));
    if saving {
        xdotool(&["key", "--clearmodifiers", "ctrl+a"]);
    } else {
        xdotool(&["key", "--clearmodifiers", "ctrl+l"]);
        std::thread::sleep(Duration::from_millis(300));
    }
    let text = path.to_str().expect("a UTF-8 path");
    xdotool(&["type", "--delay", "20", text]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(&["key", "--clearmodifiers", "Return"]);
    wait_for_window_gone(title);
}

fn find_window(title: &str) -> Option<String> {
    let output = Command::new("xdotool")
        .args(["search", "--onlyvisible", "--name", &format!("^{title}$")])
        .output()
        .expect("xdotool (scripts/setup.sh installs it)");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .next()
        .map(str::to_owned)
}

fn wait_for_window(title: &str) -> String {
    let deadline = Instant::now() + UI_TIMEOUT;
    loop {
        if let Some(window) = find_window(title) {
            return window;
        }
        assert!(
            Instant::now() < deadline,
            "no window titled {title:?} appeared within {UI_TIMEOUT:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn wait_for_window_gone(title: &str) {
    let deadline = Instant::now() + UI_TIMEOUT;
    while find_window(title).is_some() {
        assert!(
            Instant::now() < deadline,
            "the window titled {title:?} did not close within {UI_TIMEOUT:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}
