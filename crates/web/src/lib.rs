//! Foreman's window in a browser (issue 95): the same table as on a computer, compiled to
//! WebAssembly. The page (`web/index.html`) calls [`start`] with its canvas; the games are kept
//! in the browser's storage (`store::disk`), the settings by eframe's. What a browser cannot do
//! (the camera, smart dice, the history, inviting phones) is the computer's.

#[cfg(target_arch = "wasm32")]
mod web {
    use foreman::ui::ForemanApp;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    /// The planner's worker (`foreman_worker.js`): a job of the page's (*Suggest*, a bot's
    /// choice, a review), its answer (`foreman::ui::worker_job`), while the page goes on
    /// drawing. A review's progress is posted to the page as it goes, as a number.
    #[wasm_bindgen]
    pub fn work(job: String) -> String {
        foreman::ui::worker_job_with(&job, &|share| {
            if let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() {
                let _ = scope.post_message(&JsValue::from_f64(share));
            }
        })
    }

    /// Opens the window in the canvas whose id is `canvas`.
    #[wasm_bindgen]
    pub async fn start(canvas: String) -> Result<(), JsValue> {
        let window = web_sys::window().ok_or("no window")?;
        let element = window
            .document()
            .and_then(|d| d.get_element_by_id(&canvas))
            .ok_or_else(|| format!("no element {canvas}"))?;
        let element: web_sys::HtmlCanvasElement = element
            .dyn_into()
            .map_err(|_| format!("{canvas} is no canvas"))?;
        // The browser's language until one is chosen ("fr-FR" read as a system's "fr_FR").
        let language = window.navigator().language();
        eframe::WebRunner::new()
            .start(
                element,
                eframe::WebOptions::default(),
                Box::new(move |cc| {
                    let settings = foreman::ui::kept_settings_in(cc.storage, |v| {
                        language
                            .as_ref()
                            .filter(|_| v == "LANG")
                            .map(|l| l.replace('-', "_"))
                    });
                    let mut app = ForemanApp::new(settings, std::path::PathBuf::from("foreman"));
                    app.open_default();
                    Ok(Box::new(app))
                }),
            )
            .await
    }
}
